// CSV of the monitor lists and the bulk export of a dataset_versie, per tier, through the routes on a real
// database (access switched on): the free preview gets 403 forbidden_tier naming standard on CSV; standard
// gets CSV with the documented columns and one line per item, and 403 naming enterprise on the bulk export;
// enterprise gets a ZIP whose manifest, CSVs and wijziging rows match the version. Market: two versions of
// five offices where holding H takes over three (as in lib/monitor/monitor.test.ts), two offices sharing a
// trade name.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geefSleutelUit } from '@/lib/access/store';
import type { Operation } from '@/lib/api/operation';
import { route } from '@/lib/api/route';
import { getDb } from '@/lib/db/client';
import { vestigingId } from '@/lib/monitor/derive/vestigingen';
import { KOLOMMEN } from '@/lib/monitor/export';
import { GEWICHTEN } from '@/lib/monitor/metrics/kansmodel';
import { readDatasetVersies } from '@/lib/monitor/store';
import { useTestDatabase } from '@/test/db/test-database';
import { kleineMarkt, lei, type Kantoor } from '@/test/fixtures/monitor/markt';
import { publiceerMaanden } from '@/test/fixtures/monitor/publiceer';
import { monitorExport } from './export';
import { holdingSchema, monitorHoldings } from './holdings';
import { hoofdholdingSchema, monitorHoofdholdings } from './hoofdholdings';
import { monitorKansmodel } from './kansmodel';
import { monitorMetrieken, monitorMetriek } from './metrieken';
import { monitorRelatiesZoeken } from './relaties-zoeken';
import { monitorSamenwerkingsverbanden, samenwerkingSchema } from './samenwerkingsverbanden';
import { monitorVersiesOp } from './versies';
import { monitorVestigingen, vestigingSchema } from './vestigingen';
import { monitorWijzigingen } from './wijzigingen';
import { wijzigingSchema } from './wijziging-schema';

const SLOW = 120_000;

const kantoren: Kantoor[] = [
  { id: 'e0000000-0000-4000-8000-000000000001', naam: 'Advies Een B.V.', kvk: '30000001', adres: 'Markt 1', postcode: '3511AA', plaats: 'Utrecht', handelsnaam: 'Hypotheekhuis' },
  { id: 'e0000000-0000-4000-8000-000000000002', naam: 'Advies Twee B.V.', kvk: '30000002', adres: 'Markt 2', postcode: '3511 AA', plaats: 'Utrecht' },
  { id: 'e0000000-0000-4000-8000-000000000003', naam: 'Advies Drie B.V.', kvk: '30000003', adres: 'Dam 3-B', postcode: '1012 JS', plaats: 'Amsterdam' },
  { id: 'e0000000-0000-4000-8000-000000000010', naam: 'Groep Kantoor B.V.', kvk: '30000010', adres: 'Plein 10', postcode: '2511 CV', plaats: 'Den Haag' },
  { id: 'e0000000-0000-4000-8000-000000000020', naam: 'Zelfstandig B.V.', kvk: '30000020', adres: 'Laan 20', postcode: '9711 LM', plaats: 'Groningen', handelsnaam: 'Hypotheekhuis' },
];
const { H, entiteiten, mei, juni } = kleineMarkt(kantoren, ['30000001', '30000002', '30000003']);
const A1 = vestigingId('30000001', '3511 AA', '1');
/** The koppeling cells of a vestiging linked to its LEI on the KvK number (methode, zekerheid) and to no DNB institution (three empty cells). */
const KVK_KOPPELING = 'kvk,1,,,';

/** The text of a binary answer, byte-order mark kept. */
const tekst = async (res: Response) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
const bytesTekst = (b: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);

/** The lines of a CSV (UTF-8 with BOM, CRLF, ending in CRLF; no cell of these markets holds a line break). */
function csvRegels(csv: string): string[] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.endsWith('\r\n')).toBe(true);
  return csv.slice(1, -2).split('\r\n');
}

describe('CSV of the monitor lists and the bulk export, per tier', () => {
  const db = useTestDatabase('pglite', 'nlods-monitor-export-');
  beforeAll(() => void (process.env.TOEGANG = 'aan'));
  afterAll(() => void (process.env.TOEGANG = 'uit'));

  const zonder = { 'X-Forwarded-For': '198.51.100.30' };
  let standard: Record<string, string> = {};
  let enterprise: Record<string, string> = {};

  const vraag = (op: Operation, url: string, headers: Record<string, string> = {}, params: Record<string, string> = {}) =>
    route(op).GET(new Request(`http://localhost${url}`, { headers }), { params: Promise.resolve(params) });
  const json = async (op: Operation, url: string, headers: Record<string, string> = {}, params: Record<string, string> = {}) => {
    const res = await vraag(op, url, headers, params);
    return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as Record<string, any> };
  };
  const csv = async (op: Operation, url: string, headers: Record<string, string>, params: Record<string, string> = {}) => {
    const res = await vraag(op, url, headers, params);
    expect(res.status, url).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    return csvRegels(await tekst(res));
  };

  beforeAll(async () => {
    await publiceerMaanden(db.dir(), { kantoren, entiteiten }, [['mei', mei, '2026-05-01'], ['juni', juni, '2026-06-01']] as const);
    const aanvrager = { naam: 'Analist', email: 'analist@example.org', gebruik: 'test' };
    standard = { 'X-Api-Key': (await geefSleutelUit(getDb(), 'standard', aanvrager)).sleutel };
    enterprise = { 'X-Api-Key': (await geefSleutelUit(getDb(), 'enterprise', aanvrager)).sleutel };
  }, SLOW);

  const lijsten: [Operation, string, Record<string, string>?][] = [
    [monitorVersiesOp, '/v1/distributiemonitor/versies'],
    [monitorWijzigingen, '/v1/distributiemonitor/versies/2/wijzigingen', { id: '2' }],
    [monitorHoldings, '/v1/distributiemonitor/holdings'],
    [monitorHoofdholdings, '/v1/distributiemonitor/hoofdholdings'],
    [monitorSamenwerkingsverbanden, '/v1/distributiemonitor/samenwerkingsverbanden'],
    [monitorRelatiesZoeken, '/v1/distributiemonitor/relaties/zoeken?q=advies'],
    [monitorKansmodel, '/v1/distributiemonitor/kansmodel'],
    [monitorMetrieken, '/v1/distributiemonitor/metrieken'],
    [monitorMetriek('overnames_12m'), '/v1/distributiemonitor/metrieken/overnames-12m'],
  ];

  it('refuses CSV to the free preview with 403 forbidden_tier naming standard, and still answers it JSON', { timeout: SLOW }, async () => {
    for (const [op, url, params] of lijsten) {
      const met = `${url}${url.includes('?') ? '&' : '?'}formaat=csv`;
      const r = await json(op, met, zonder, params);
      expect(r.status, met).toBe(403);
      expect(r.type).toBe('application/problem+json; charset=utf-8');
      expect(r.body, met).toMatchObject({ errorCode: 'forbidden_tier', vereiste_tier: 'standard' });
      expect((await json(op, url, { ...zonder, Accept: 'text/csv' }, params)).status, url).toBe(403);
      expect((await json(op, url, zonder, params)).status, url).toBe(200);
    }
  });

  it('gives every monitor CSV its provenance: peildatum and sources with licence and attribution in headers, the peildatum in the file name', { timeout: SLOW }, async () => {
    for (const [op, url, params] of lijsten) {
      const met = `${url}${url.includes('?') ? '&' : '?'}formaat=csv`;
      const res = await vraag(op, met, standard, params);
      expect(res.status, met).toBe(200);
      await res.arrayBuffer();
      expect(res.headers.get('x-peildatum'), met).toMatch(/^\d{4}-\d{2}-\d{2}/);
      const bronnen = res.headers.get('x-bronnen') ?? '';
      expect(bronnen, met).toMatch(/licentie=/);
      expect(bronnen, met).toMatch(/attributie=/);
      expect(res.headers.get('content-disposition'), met).toMatch(/filename="[^"]*\d{4}-\d{2}-\d{2}[^"]*\.csv"/);
    }
  });

  it('gives standard the versions as CSV: one line per version with the changelog counts, market counts and sources', { timeout: SLOW }, async () => {
    const regels = await csv(monitorVersiesOp, '/v1/distributiemonitor/versies?formaat=csv', standard);
    const soorten = ['nieuw', 'beëindigd', 'gewijzigd', 'overgenomen', 'verhuisd'];
    expect(regels[0].split(',')).toEqual([
      'versie_id', 'peildatum', 'gepubliceerd_op', 'voorbeelddata', 'changelog', 'wijzigingen_totaal',
      ...['vestiging', 'holding', 'hoofdholding'].flatMap((t) => soorten.map((s) => `${t}_${s}`)),
      'holdings', 'hoofdholdingen', 'instellingen_met_kvk', 'ketens_afgebroken',
      ...['dnb', 'lei'].flatMap((d) => ['dubbelzinnig', 'geen', 'kvk', 'naam_plaats'].map((k) => `koppeling_${d}_${k}`)),
      'samenwerkingsverbanden', 'vestigingen', 'vestigingen_actief',
      'vestigingen_dnb_toezicht', 'vestigingen_gebonden', 'vestigingen_met_lei',
      'fsp_peildatum', 'fsp_import_id', 'lei_peildatum', 'lei_import_id', 'wijzigingen_pad',
    ]);
    expect(regels).toHaveLength(3);
    const [v2, v1] = await readDatasetVersies(getDb()).then((vs) => vs.reverse());
    const cellen = regels[1].split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/); // commas outside quotes
    expect(cellen.slice(0, 6)).toEqual(['2', '2026-06-01', v2.gepubliceerd_op, 'false', '"1 hoofdholding gewijzigd, 3 vestigingen overgenomen."', '4']);
    // vestiging_overgenomen, hoofdholding_gewijzigd; holdings … vestigingen_met_lei; the sources; the path.
    expect(cellen[6 + 3]).toBe('3');
    expect(cellen[6 + 12]).toBe('1');
    expect(cellen.slice(21, 25)).toEqual(['1', '1', '5', '0']);
    // koppeling_dnb_{dubbelzinnig,geen,kvk,naam_plaats} (no finreg import), koppeling_lei_… (all five on the KvK number)
    expect(cellen.slice(25, 33)).toEqual(['0', '5', '0', '0', '0', '0', '5', '0']);
    expect(cellen.slice(33, 39)).toEqual(['1', '5', '5', '0', '4', '5']);
    expect(cellen.slice(39)).toEqual(['2026-06-01', String(v2.bronnen[0].import_id), '2026-06-01', String(v2.bronnen[1].import_id), '/v1/distributiemonitor/versies/2/wijzigingen']);
    expect(regels[2].startsWith(`1,2026-05-01,${v1.gepubliceerd_op},false,"Eerste versie (nulmeting): 1 hoofdholding nieuw, 5 vestigingen nieuw.",6,5,0,`)).toBe(true);
  });

  it('gives standard the wijzigingen of a version as CSV (Accept: text/csv), one line per row, records flattened', { timeout: SLOW }, async () => {
    const regels = await csv(monitorWijzigingen, '/v1/distributiemonitor/versies/2/wijzigingen', { ...standard, Accept: 'text/csv' }, { id: '2' });
    expect(regels[0]).toBe('wijziging_id,versie_id,datum,entiteit_type,entiteit_id,wijziging_type,naam,kvk_nummer,plaats,hoofdholding_id_oud,hoofdholding_id_nieuw,velden,oud,nieuw');
    const rijen = (await json(monitorWijzigingen, '/v1/distributiemonitor/versies/2/wijzigingen', standard, { id: '2' })).body.data.wijzigingen as { wijziging_id: number; entiteit_id: string }[];
    expect(regels).toHaveLength(1 + 4);
    expect(regels.slice(1).map((r) => Number(r.split(',')[0]))).toEqual(rijen.map((r) => r.wijziging_id));
    const a1 = regels.find((r) => r.includes(`,${A1},`))!;
    expect(a1).toContain(`,2,2026-06-01,vestiging,${A1},overgenomen,Advies Een B.V.,30000001,Utrecht,,${H},"[""holding_id"",""hoofdholding_id""]","{`);
    expect(a1).toContain(`""vestiging_id"":""${A1}""`);
    // oud (independent), then nieuw (under H): the full records as JSON.
    expect(a1.indexOf('""hoofdholding_id"":null')).toBeLessThan(a1.indexOf(`""hoofdholding_id"":""${H}""`));
    expect(regels[1]).toContain(`,hoofdholding,${H},gewijzigd,Hoofd Holding N.V.,30000099,,${H},${H},"[""vestiging_ids""]"`);
    // The JSON answer is unchanged by the CSV columns; every wijziging field is a CSV column.
    for (const k of Object.keys(wijzigingSchema.shape)) expect(KOLOMMEN.wijzigingen).toContain(k);
  });

  it('gives standard the entity lists as CSV with the JSON fields as columns and one line per item', { timeout: SLOW }, async () => {
    // a vestiging's koppeling object is flattened into scalar columns, the other fields are columns as they are
    expect(Object.keys(vestigingSchema.shape).filter((k) => k !== 'koppeling')).toEqual(KOLOMMEN.vestigingen.filter((k) => !k.startsWith('koppeling_')));
    expect(KOLOMMEN.vestigingen.filter((k) => k.startsWith('koppeling_'))).toEqual([
      'koppeling_gleif_methode', 'koppeling_gleif_zekerheid', 'koppeling_dnb_relatienummer', 'koppeling_dnb_methode', 'koppeling_dnb_zekerheid',
    ]);
    expect(Object.keys(holdingSchema.shape)).toEqual(KOLOMMEN.holdings);
    expect(Object.keys(hoofdholdingSchema.shape)).toEqual(KOLOMMEN.hoofdholdingen);
    expect(Object.keys(samenwerkingSchema.shape)).toEqual(KOLOMMEN.samenwerkingsverbanden);

    const hh = await csv(monitorHoofdholdings, '/v1/distributiemonitor/hoofdholdings?formaat=csv', standard);
    expect(hh).toHaveLength(2);
    expect(hh[0]).toBe('hoofdholding_id,naam,holding_ids,vestiging_ids,sector_rang,aantal_vestigingen,aantal_vestigingen_actief,aandeel_pct');
    expect(hh[1].startsWith(`${H},Hoofd Holding N.V.,[],"[""V`)).toBe(true);
    expect(hh[1].endsWith(']",1,4,4,80')).toBe(true);

    const sw = await csv(monitorSamenwerkingsverbanden, '/v1/distributiemonitor/samenwerkingsverbanden?formaat=csv', standard);
    expect(sw).toHaveLength(2);
    expect(sw[0]).toBe('samenwerkingsverband_id,naam,soort,sleutels,vestiging_ids,kvk_nummers,aantal_vestigingen,aantal_organisaties,plaatsen');
    expect(sw[1]).toMatch(/^S[A-Z2-7]{10},Hypotheekhuis,handelsnaam,"\[""handelsnaam:hypotheekhuis""\]",.*"\[""30000001"",""30000020""\]",2,2,"\[""Groningen"",""Utrecht""\]"$/);

    const zoek = await json(monitorRelatiesZoeken, '/v1/distributiemonitor/relaties/zoeken?q=advies', standard);
    const rel = await csv(monitorRelatiesZoeken, '/v1/distributiemonitor/relaties/zoeken?q=advies&formaat=csv', standard);
    expect(rel[0]).toBe('instelling_id,naam,lei,kvk_nummer,uitgaand,inkomend,aantal_vestigingen_actief');
    expect(zoek.body.data.entiteiten).toHaveLength(3);
    expect(rel.slice(1)).toEqual(
      zoek.body.data.entiteiten.map((e: Record<string, unknown>) => [e.instelling_id, e.naam, e.lei, e.kvk_nummer, e.uitgaand, e.inkomend, e.aantal_vestigingen_actief].join(',')),
    );
  });

  it('gives standard the kansmodel with two columns per factor, the key figures and a series as CSV', { timeout: SLOW }, async () => {
    const kans = await csv(monitorKansmodel, '/v1/distributiemonitor/kansmodel?formaat=csv', standard);
    const top = (await json(monitorKansmodel, '/v1/distributiemonitor/kansmodel', standard)).body.data.top as { entiteit_id: string; kans: number; bijdragen: { factor: string; waarde: number; bijdrage: number }[] }[];
    expect(kans[0].split(',')).toEqual(['entiteit_type', 'entiteit_id', 'naam', 'kans', 'richting', ...GEWICHTEN.flatMap((g) => [`${g.naam}_waarde`, `${g.naam}_bijdrage`])]);
    expect(kans).toHaveLength(1 + top.length);
    expect(top.length).toBeGreaterThan(0);
    const eerste = kans[1].split(',');
    expect(eerste[1]).toBe(top[0].entiteit_id);
    expect(Number(eerste[3])).toBe(top[0].kans);
    expect(eerste.slice(5).map(Number)).toEqual(top[0].bijdragen.flatMap((b) => [b.waarde, b.bijdrage]));

    const idx = await csv(monitorMetrieken, '/v1/distributiemonitor/metrieken?formaat=csv', standard);
    expect(idx[0]).toBe('naam,titel,eenheid,waarde,pad,formule,invoer');
    expect(idx).toHaveLength(1 + 16);
    expect(idx.find((r) => r.startsWith('overnames_12m,'))).toContain(',3,/v1/distributiemonitor/metrieken/overnames-12m,');

    expect(await csv(monitorMetriek('overnames_12m'), '/v1/distributiemonitor/metrieken/overnames-12m?formaat=csv', standard)).toEqual([
      'naam,versie_id,peildatum,waarde',
      'overnames_12m,1,2026-05-01,0',
      'overnames_12m,2,2026-06-01,3',
    ]);
  });

  it('refuses the bulk export to the free preview and to standard with 403 forbidden_tier naming enterprise', { timeout: SLOW }, async () => {
    for (const headers of [zonder, standard]) {
      const r = await json(monitorExport, '/v1/distributiemonitor/versies/2/export', headers, { id: '2' });
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ errorCode: 'forbidden_tier', vereiste_tier: 'enterprise' });
      expect(r.body.detail).toContain('enterprise');
    }
    const onbekend = await json(monitorExport, '/v1/distributiemonitor/versies/9/export', enterprise, { id: '9' });
    expect(onbekend).toMatchObject({ status: 404, type: 'application/problem+json; charset=utf-8', body: { errorCode: 'not_found' } });
  });

  it('gives enterprise the whole version as a ZIP: manifest counts equal the CSVs and the version; the wijzigingen are its rows', { timeout: SLOW }, async () => {
    const res = await vraag(monitorExport, '/v1/distributiemonitor/versies/2/export', enterprise, { id: '2' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('distributiemonitor-versie-2-2026-06-01.zip');
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(zip)).toEqual(['manifest.json', 'vestigingen.csv', 'holdings.csv', 'hoofdholdingen.csv', 'samenwerkingsverbanden.csv', 'wijzigingen.csv']);
    const manifest = JSON.parse(bytesTekst(zip['manifest.json']));
    const v2 = (await readDatasetVersies(getDb()))[1];
    expect(manifest).toMatchObject({
      dataset: 'distributiemonitor',
      versie_id: 2,
      peildatum: '2026-06-01',
      gepubliceerd_op: v2.gepubliceerd_op,
      voorbeelddata: false,
      label: null,
      bronnen: [
        { register: 'fsp', bron: 'afm-register', peildatum: '2026-06-01', import_id: v2.bronnen[0].import_id, sha256: v2.bronnen[0].sha256, voorbeelddata: false },
        { register: 'lei', bron: 'gleif-golden-copy', peildatum: '2026-06-01', import_id: v2.bronnen[1].import_id, voorbeelddata: false },
      ],
      aantallen: v2.aantallen,
      changelog: { hoofdholding: { gewijzigd: 1 }, vestiging: { overgenomen: 3 } },
    });
    expect(Date.parse(manifest.gegenereerd_op)).toBeGreaterThan(Date.parse(v2.gepubliceerd_op));
    const tabellen = Object.fromEntries((manifest.tabellen as { naam: string; rijen: number; kolommen: string[] }[]).map((t) => [t.naam, t]));
    const regels = (naam: string) => csvRegels(bytesTekst(zip[`${naam}.csv`]));
    for (const t of Object.values(tabellen)) {
      expect(regels(t.naam)[0], t.naam).toBe(t.kolommen.join(','));
      expect(regels(t.naam).length - 1, t.naam).toBe(t.rijen);
    }
    expect([tabellen.vestigingen.rijen, tabellen.holdings.rijen, tabellen.hoofdholdingen.rijen, tabellen.samenwerkingsverbanden.rijen, tabellen.wijzigingen.rijen]).toEqual([
      v2.aantallen.vestigingen,
      v2.aantallen.holdings,
      v2.aantallen.hoofdholdingen,
      v2.aantallen.samenwerkingsverbanden,
      4,
    ]);
    expect([5, 1, 1, 1]).toEqual([v2.aantallen.vestigingen, v2.aantallen.holdings, v2.aantallen.hoofdholdingen, v2.aantallen.samenwerkingsverbanden]);
    // The same header and lines as the list operations' CSV.
    expect(regels('wijzigingen')).toEqual(await csv(monitorWijzigingen, '/v1/distributiemonitor/versies/2/wijzigingen?formaat=csv', standard, { id: '2' }));
    expect(regels('vestigingen')).toEqual(await csv(monitorVestigingen, '/v1/distributiemonitor/vestigingen?formaat=csv', standard));
    expect(regels('vestigingen').find((r) => r.startsWith(`${A1},`))!.endsWith(`,${lei('30000001')},${H},${H},${KVK_KOPPELING}`)).toBe(true);
  });

  it('replays an older version for enterprise, and answers NDJSON on request', { timeout: SLOW }, async () => {
    const res = await vraag(monitorExport, '/v1/distributiemonitor/versies/1/export', enterprise, { id: '1' });
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const manifest = JSON.parse(bytesTekst(zip['manifest.json']));
    expect(manifest).toMatchObject({ versie_id: 1, peildatum: '2026-05-01', changelog: { hoofdholding: { nieuw: 1 }, vestiging: { nieuw: 5 } } });
    const vestigingen = csvRegels(bytesTekst(zip['vestigingen.csv']));
    expect(vestigingen).toHaveLength(1 + 5);
    expect(vestigingen.find((r) => r.startsWith(`${A1},`))!.endsWith(`,${lei('30000001')},,,${KVK_KOPPELING}`)).toBe(true); // independent before the takeover
    expect(csvRegels(bytesTekst(zip['holdings.csv']))[1]).toMatch(new RegExp(`^${H},Hoofd Holding N.V.,"\\[""V[A-Z2-7]{10}""\\]",${H},hoofdholding,,30000099,1,1$`));
    expect(csvRegels(bytesTekst(zip['wijzigingen.csv'])).slice(1).map((r) => r.split(',')[5])).toEqual(Array(6).fill('nieuw'));

    const nd = await vraag(monitorExport, '/v1/distributiemonitor/versies/2/export?formaat=ndjson', enterprise, { id: '2' });
    expect(nd.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const regels = (await tekst(nd)).trimEnd().split('\n').map((r) => JSON.parse(r) as { tabel: string; rij: Record<string, any> });
    expect(regels[0]).toMatchObject({ tabel: 'manifest', rij: { versie_id: 2 } });
    const perTabel = Object.fromEntries(regels[0].rij.tabellen.map((t: { naam: string; rijen: number }) => [t.naam, t.rijen]));
    expect(perTabel).toEqual({ vestigingen: 5, holdings: 1, hoofdholdingen: 1, samenwerkingsverbanden: 1, wijzigingen: 4 });
    expect(regels).toHaveLength(1 + 12);
    expect(regels.find((r) => r.tabel === 'wijzigingen' && r.rij.entiteit_id === A1)!.rij).toMatchObject({ wijziging_type: 'overgenomen', oud: { hoofdholding_id: null }, nieuw: { hoofdholding_id: H } });
  });
});
