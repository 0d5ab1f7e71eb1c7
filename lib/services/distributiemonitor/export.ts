// GET /v1/distributiemonitor/versies/{id}/export: the bulk export of one whole dataset_versie (enterprise):
// the complete state as of that version, all its wijziging rows and a manifest, as a ZIP of CSVs (or NDJSON).
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import type { Toegang } from '@/lib/access/toegang';
import { TIER_REGELS } from '@/lib/access/tiers';
import { getDb } from '@/lib/db/client';
import { exportManifest, exportTabellen, KOLOMMEN } from '@/lib/monitor/export';
import { EXPORT_CONTENT_TYPE, exportNdjson, exportZip, tabelBestand } from '@/lib/monitor/export-pakket';
import { cachedMarkt } from '@/lib/monitor/markt-cache';
import { readSamenwerkingsverbanden, readWijzigingenVanVersie } from '@/lib/monitor/store';
import { VOORBEELD_LABEL } from '@/lib/registers/common/served';
import { tierTeLaag } from '@/lib/access/vereist';
import { API, MONITOR_BRONNEN, monitorBronnen, monitorVersies, PREFIX, versieIdParam, versieMetId } from './markt';

/** Every row of a version (the paged read's upper bound). */
const ALLE_RIJEN = 2147483647;

/** 403 forbidden_tier naming enterprise for every tier without bulk export (the webhooks flag: webhooks and bulk export). */
function controleerBulkexport(toegang: Toegang): void {
  if (TIER_REGELS[toegang.tier].webhooks) return;
  throw tierTeLaag(
    'enterprise',
    `Bulkexport van een hele datasetversie hoort bij de tier enterprise (uw tier: ${toegang.tier}). Vraag een enterprise-sleutel aan op /sleutel; ` +
      'met standard kunnen de lijsten per pagina als CSV (formaat=csv).',
  );
}

export const monitorExport = operation({
  id: 'distributiemonitor-versie-export',
  path: `${PREFIX}/versies/{id}/export`,
  api: API,
  bronType: 'eigen-dienst',
  summary: 'Bulkexport van een hele datasetversie (enterprise): ZIP met één CSV per tabel en manifest.json',
  description:
    'Alleen met een enterprise-sleutel (standard en zonder sleutel: 403 forbidden_tier). De volledige toestand zoals bij deze versie: ' +
    `${Object.keys(KOLOMMEN).map(tabelBestand).join(', ')} (elk met precies de kolommen van de CSV van de lijstoperatie; ` +
    'vestigingen en holdings op id, hoofdholdingen op sector_rang, alle samenwerkingsverbanden naar omvang, alle wijzigingsrijen van deze versie), ' +
    'plus manifest.json: versie_id, peildatum, bronnen met hun peildatum, import en sha-256, rijen en kolommen per tabel, de aantallen en changelog ' +
    'van de versie, gegenereerd_op, en bij voorbeelddata het label. CSV: RFC 4180, UTF-8 met BOM, lijsten en records als JSON. ' +
    'formaat=ndjson geeft in plaats daarvan application/x-ndjson: eerst {"tabel":"manifest","rij":…}, dan {"tabel":<naam>,"rij":…} per rij.',
  sources: MONITOR_BRONNEN,
  params: {
    path: z.object({ id: versieIdParam }),
    query: z.object({
      formaat: z.enum(['zip', 'ndjson']).optional().describe('zip (standaard): ZIP met CSV-bestanden en manifest.json; ndjson: één JSON-object per regel').meta({ examples: ['zip'] }),
    }),
  },
  produces: 'application/zip',
  statuses: [200, 400, 403, 404, 503],
  onderdeel: 'export',
  async handle({ path, query, ctx }) {
    controleerBulkexport(ctx.toegang);
    const versies = await monitorVersies();
    const v = versieMetId(versies, path.id);
    const db = getDb();
    const markt = await cachedMarkt(db, v);
    const samenwerkingsverbanden = await readSamenwerkingsverbanden(db, v.id);
    const { rijen: wijzigingen } = await readWijzigingenVanVersie(db, v.id, { rijen: ALLE_RIJEN, start: 0 });
    const tabellen = exportTabellen({ markt, samenwerkingsverbanden, wijzigingen });
    const bronnen = monitorBronnen(v, ctx.startedAt).map((b, i) => ({
      register: v.bronnen[i].register,
      bron: b.bron,
      titel: b.titel,
      licentie: b.licentie,
      attributie: b.attributie,
      import_id: v.bronnen[i].import_id,
      peildatum: v.bronnen[i].peildatum,
      sha256: v.bronnen[i].sha256,
      voorbeelddata: v.bronnen[i].voorbeeld,
    }));
    const manifest = exportManifest(v, tabellen, bronnen, new Date().toISOString(), VOORBEELD_LABEL);
    const formaat = query.formaat ?? 'zip';
    return {
      binary: {
        body: formaat === 'zip' ? exportZip(manifest, tabellen) : exportNdjson(manifest, tabellen),
        contentType: EXPORT_CONTENT_TYPE[formaat],
        filename: `distributiemonitor-versie-${v.id}-${v.peildatum}.${formaat}`,
        bijlage: true,
      },
    };
  },
});
