// The API mapping on 50 REAL organisations (test/fixtures/registers/dnb/api-records, opgenomen: 25 banks
// WFTKF, 25 insurers WFTVE, as the DNB API returned them on 2025-10-21). They were saved by a Python client
// in snake_case with nested lists as JSON strings; toApiShape() below turns each back into the camelCase
// OrganizationDetailsView the API answers (per dnb_publicregister_openapi3_v1.yaml), then the real mapping runs.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { registrationsFromApi, type OrganizationDetailsView } from './api-map';
import { groupInstitutions } from './institutions';
import { DEELREGISTER_CODES } from './deelregisters';

const DIR = fileURLToPath(new URL('../../../test/fixtures/registers/dnb/api-records/', import.meta.url));

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const camel = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** 'YYYY-MM-DD HH:MM:SS' (how the client saved it) → the API's ISO 'YYYY-MM-DDTHH:MM:SS' */
const isoDate = (v: Json): Json => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v) ? v.replace(' ', 'T') : v);

function camelDeep(v: Json): Json {
  if (Array.isArray(v)) return v.map(camelDeep);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [camel(k), camelDeep(x)]));
  return isoDate(v);
}

/** One saved snake_case record → one organisation in the API's camelCase shape (per the OpenAPI spec). */
function toApiShape(rec: Record<string, Json>): { registerCode: string; organization: Record<string, Json> } {
  const org: Record<string, Json> = {};
  for (const [k, v] of Object.entries(rec)) {
    if (k.startsWith('_etl_') || k === 'register_code' || k === 'language_code') continue;
    if (k.endsWith('_json')) {
      const parsed = typeof v === 'string' ? (JSON.parse(v) as Json) : v;
      // the client flattened ClassificationView {name} to its name
      org[camel(k.slice(0, -'_json'.length))] =
        k === 'classifications_json' && Array.isArray(parsed) ? parsed.map((c) => (typeof c === 'string' ? { name: c } : c)) : camelDeep(parsed);
    } else org[camel(k)] = camelDeep(v);
  }
  return { registerCode: rec.register_code as string, organization: org };
}

const records = ['organization_details_WFTKF_nl.jsonl', 'organization_details_WFTVE_nl.jsonl'].flatMap((f) =>
  fs
    .readFileSync(DIR + f, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, Json>),
);

/** All organisations of one register as one API page (OrganizationDetailsView). */
function page(code: string): OrganizationDetailsView {
  const orgs = records.map(toApiShape).filter((x) => x.registerCode === code).map((x) => x.organization);
  return { registerCode: code, registerName: code === 'WFTKF' ? 'Banken' : 'Verzekeraars', publishDate: '2025-10-21T04:00:05', organizations: orgs } as OrganizationDetailsView;
}

const PEIL = '2025-10-21';
const rows = [...registrationsFromApi(page('WFTKF'), PEIL), ...registrationsFromApi(page('WFTVE'), PEIL)];
const institutions = groupInstitutions(rows);
const byNr = new Map(institutions.map((i) => [i.relatienummer, i]));

describe('api-map on 50 real DNB organisations', () => {
  it('the helper gives the camelCase API shape', () => {
    const { organization: o } = toApiShape(records.find((r) => r.relation_number === 'F0001')!);
    expect(o).toMatchObject({ relationNumber: 'F0001', chamberOfCommerce: '34259528', leiCode: '724500973ODKK3IFQ447', isInLiquidation: false, classifications: [{ name: 'Bank - CI' }] });
    expect(Array.isArray(o.registrations)).toBe(true);
    expect((o.registrations as Record<string, Json>[])[0]).toMatchObject({ registrationType: 'Europees paspoort uitgaand', validityPeriodStartDate: '2017-05-24T06:00:00' });
    expect((o.contactChannels as Record<string, Json>[]).map((c) => c.contactChannelType)).toEqual(expect.arrayContaining(['Postadres', 'Vestigingsadres']));
  });

  it('drops none of the 50: each relation number gives an institution with at least one row', () => {
    expect(records).toHaveLength(50);
    expect(new Set(records.map((r) => r.relation_number)).size).toBe(50);
    expect(institutions).toHaveLength(50);
    for (const r of records) expect(byNr.has(r.relation_number as string), String(r.relation_number)).toBe(true);
    const regs = records.reduce((n, r) => n + Math.max(1, (JSON.parse((r.registrations_json as string) ?? '[]') as unknown[]).length), 0);
    expect(rows).toHaveLength(regs); // no activities in these records: one row per registration
    expect(new Set(rows.map((r) => r.deelregister))).toEqual(new Set(['WFTKF', 'WFTVE']));
    for (const r of rows) expect(DEELREGISTER_CODES).toContain(r.deelregister);
  });

  it('maps Adyen N.V. (F0001, WFTKF): identity, addresses, registrations with dates', () => {
    const a = byNr.get('F0001')!;
    expect(a).toMatchObject({
      statutaire_naam: 'Adyen N.V.',
      statutaire_plaats: 'AMSTERDAM',
      plaats_vestiging: 'AMSTERDAM',
      land: 'NEDERLAND',
      kvk_nummer: '34259528',
      rsin: '817154243',
      lei: '724500973ODKK3IFQ447',
      handelsnamen: ['Adyen N.V.'],
      deelregisters: ['WFTKF'],
    });
    expect(a.registraties[0]).toMatchObject({
      deelregister: 'WFTKF',
      registratietype: 'Europees paspoort uitgaand',
      wetsartikel: 'Art. 2:110 Wft Bank die diensten verricht naar EER',
      begindatum: '2017-05-24',
      einddatum: null,
    });
    const row = rows.find((r) => r.relatienummer === 'F0001')!;
    expect(row).toMatchObject({ in_liquidatie: false, datum_in_liquidatie: null, postcode_vestiging: '1011DJ', landcode_vestiging: 'NL', plaats_postadres: 'AMSTERDAM', landcode_postadres: 'NL' });
    expect(row.adres_vestiging).toMatch(/^Simon Carmiggeltstraat 6/);
  });

  it('maps ABN AMRO Asset Based Finance N.V. (B0013): current statutory name, KvK, RSIN, LEI, a passport registration with its dates', () => {
    const b = byNr.get('B0013')!;
    expect(b).toMatchObject({ statutaire_naam: 'ABN AMRO Asset Based Finance N.V.', kvk_nummer: '30099465', rsin: '006053713', lei: '724500P8OJQXJ812G446', statutaire_plaats: 'UTRECHT' });
    expect(b.registraties.some((r) => r.registratietype === 'Europees paspoort' || r.registratietype?.startsWith('Europees paspoort'))).toBe(true);
    expect(b.registraties.every((r) => r.deelregister === 'WFTKF')).toBe(true);
    expect(b.registraties.find((r) => r.wetsartikel === 'Art. 2:112 Wft financiële instelling met bijkantoor in EER')).toMatchObject({ begindatum: '2020-04-01', einddatum: null });
  });

  it('tolerates a foreign insurer without KvK, RSIN, LEI, trade names or postal address (R194024)', () => {
    const n = byNr.get('R194024')!;
    expect(n).toMatchObject({ statutaire_naam: 'Navigators Insurance Company', statutaire_plaats: 'NEW YORK', plaats_vestiging: 'HARTFORD', land: 'VERENIGDE STATEN', kvk_nummer: null, rsin: null, lei: null, handelsnamen: [], deelregisters: ['WFTVE'] });
    expect(n.registraties).toEqual([
      expect.objectContaining({ registratietype: 'Kennisgeving - Notification', begindatum: '2023-03-06', einddatum: null, activiteiten: [] }),
    ]);
  });

  it('keeps an insurer with only an ended official name and no statutory names (W1814), its liquidation date', () => {
    const w = byNr.get('W1814')!;
    expect(w).toMatchObject({ statutaire_naam: 'International Insurance Corporation (IIC) N.V.', kvk_nummer: '32069899', rsin: '807841791', statutaire_plaats: null, land: null });
    expect(rows.find((r) => r.relatienummer === 'W1814')).toMatchObject({ datum_in_liquidatie: '2024-11-15', in_liquidatie: false, adres_vestiging: null, postadres: null });
    expect(w.registraties[0]).toMatchObject({ registratietype: 'Vergunning', begindatum: '2010-12-07' });
  });

  it('keeps KvK numbers with a leading zero (N0042: 04054490)', () => {
    expect(byNr.get('N0042')?.kvk_nummer).toBe('04054490');
  });

  it('tolerates extra fields, nulls and null list entries in an answer', () => {
    const p = page('WFTKF');
    const org = { ...(p.organizations![0] as object), nieuwVeld: { x: 1 }, tradeNames: null, registrations: [null, ...((p.organizations![0] as { registrations: unknown[] }).registrations)], contactChannels: [null] };
    const out = registrationsFromApi({ registerCode: 'WFTKF', organizations: [org, null] } as unknown as OrganizationDetailsView, PEIL);
    expect(out.length).toBeGreaterThan(0);
    expect(out.every((r) => r.relatienummer === 'B0013' && r.handelsnaam === null && r.plaats_vestiging === null)).toBe(true);
  });
});
