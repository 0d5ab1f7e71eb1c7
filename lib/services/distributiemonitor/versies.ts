// GET /v1/distributiemonitor/versies: every dataset_versie, newest first, with its sources (register,
// import, peildatum), its changelog (counts per entiteit_type and wijziging_type, and a sentence) and its
// market counts; CSV (one line per version) for standard and up.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { ENTITEIT_TYPES, WIJZIGING_TYPES } from '@/lib/monitor/derive/types';
import type { DatasetVersie } from '@/lib/monitor/store';
import { API, historieGrens, MONITOR_BRONNEN, monitorBronnen, monitorCsv, monitorFormaat, monitorVersies, PREFIX, zichtbareVersies } from './markt';
import { OP_DATASET_VERSIE } from './versie-cache';

const TYPE_WOORD: Record<string, [string, string]> = {
  hoofdholding: ['hoofdholding', 'hoofdholdingen'],
  holding: ['holding', 'holdings'],
  vestiging: ['vestiging', 'vestigingen'],
};

/** The changelog of a version in one Dutch sentence, e.g. "3 vestigingen overgenomen, 1 hoofdholding gewijzigd." */
export function changelogTekst(v: DatasetVersie, eerste: boolean): string {
  const delen: string[] = [];
  // A fixed order (the database returns jsonb keys in its own order).
  for (const type of Object.keys(TYPE_WOORD)) {
    for (const soort of WIJZIGING_TYPES) {
      const n = v.samenvatting[type]?.[soort];
      if (n) delen.push(`${n} ${TYPE_WOORD[type][n === 1 ? 0 : 1]} ${soort}`);
    }
  }
  if (eerste) return `Eerste versie (nulmeting): ${delen.join(', ') || 'geen entiteiten'}.`;
  return delen.length ? `${delen.join(', ')}.` : 'Geen wijzigingen in de markt.';
}

export const versieSchema = z.object({
  versie_id: z.number().int(),
  peildatum: z.iso.date().describe('Peildatum van de markt: de laatste peildatum van de bronnen (JJJJ-MM-DD)'),
  gepubliceerd_op: z.iso.datetime({ offset: true }),
  bronnen: z.array(z.object({ register: z.string(), import_id: z.number().int(), peildatum: z.iso.date(), sha256: z.string().nullable(), voorbeeld: z.boolean() })),
  changelog: z.object({
    tekst: z.string(),
    per_type: z.record(z.string(), z.record(z.string(), z.number().int())).describe('Aantal wijzigingsrijen per entiteit_type en wijziging_type'),
    totaal: z.number().int(),
  }),
  aantallen: z.record(z.string(), z.number()),
  voorbeelddata: z.boolean(),
  is_nulmeting: z.boolean().describe('true voor de eerste versie: al haar wijzigingsrijen zijn nieuw (geen beweging in de markt)'),
  wijzigingen_pad: z.string().describe('Pad van de wijzigingen van deze versie'),
}).meta({ id: 'DatasetVersie' });

export function versieItem(v: DatasetVersie, eerste: boolean) {
  const totaal = Object.values(v.samenvatting).reduce((s, t) => s + Object.values(t).reduce((a, b) => a + b, 0), 0);
  return {
    versie_id: v.id,
    peildatum: v.peildatum,
    gepubliceerd_op: v.gepubliceerd_op,
    bronnen: v.bronnen,
    changelog: { tekst: changelogTekst(v, eerste), per_type: v.samenvatting, totaal },
    aantallen: v.aantallen,
    voorbeelddata: v.voorbeeld,
    is_nulmeting: eerste,
    wijzigingen_pad: `${PREFIX}/versies/${v.id}/wijzigingen`,
  };
}

type VersieItem = ReturnType<typeof versieItem>;

/** Columns of the change counts in the CSV: <entiteit_type>_<wijziging_type>, e.g. vestiging_overgenomen. */
const TEL_KOLOMMEN = ENTITEIT_TYPES.flatMap((t) => WIJZIGING_TYPES.map((w) => [`${t}_${w}`, t, w] as const));

/**
 * The versions as CSV rows: one line per version with the changelog sentence and total, the counts per
 * entiteit_type and wijziging_type (0 when none), the market counts (sorted by name) and per register its
 * peildatum and import id.
 */
function versieCsv(items: readonly VersieItem[]): { rijen: Record<string, unknown>[]; kolommen: string[] } {
  const aantallen = [...new Set(items.flatMap((v) => Object.keys(v.aantallen)))].sort();
  const registers = [...new Set(items.flatMap((v) => v.bronnen.map((b) => b.register)))];
  const kolommen = [
    'versie_id', 'peildatum', 'gepubliceerd_op', 'voorbeelddata', 'changelog', 'wijzigingen_totaal',
    ...TEL_KOLOMMEN.map(([k]) => k),
    ...aantallen,
    ...registers.flatMap((r) => [`${r}_peildatum`, `${r}_import_id`]),
    'wijzigingen_pad',
  ];
  const rijen = items.map((v) => ({
    ...v,
    changelog: v.changelog.tekst,
    wijzigingen_totaal: v.changelog.totaal,
    ...Object.fromEntries(TEL_KOLOMMEN.map(([k, t, w]) => [k, v.changelog.per_type[t]?.[w] ?? 0])),
    ...v.aantallen,
    ...Object.fromEntries(v.bronnen.flatMap((b) => [[`${b.register}_peildatum`, b.peildatum], [`${b.register}_import_id`, b.import_id]])),
  }));
  return { rijen, kolommen };
}

export const monitorVersiesOp = operation({
  id: 'distributiemonitor-versies',
  path: `${PREFIX}/versies`,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'Alle datasetversies met changelog',
  description:
    'Elke publicatie van een onderliggend register (AFM, GLEIF, DNB) levert een datasetversie; het verschil met de vorige versie staat ' +
    'als wijzigingsrijen (alleen-toevoegen) onder /versies/{id}/wijzigingen. De eerste versie is de nulmeting: al haar rijen zijn nieuw. Nieuwste eerst. ' +
    'CSV (standard en enterprise): één regel per versie met versie_id, peildatum, gepubliceerd_op, voorbeelddata, changelog (de zin), wijzigingen_totaal, ' +
    'het aantal rijen per entiteit_type en wijziging_type (kolommen als vestiging_overgenomen), de marktaantallen (kolommen op naam) en per register ' +
    '<register>_peildatum en <register>_import_id, en het pad van de wijzigingen (wijzigingen_pad).',
  sources: MONITOR_BRONNEN,
  params: { query: z.object({ formaat: monitorFormaat }) },
  statuses: [200, 400, 403, 503],
  response: z.object({
    totaal: z.number().int(),
    versies: z.array(versieSchema),
    historie_vanaf: z.iso.date().nullable().describe('Zonder sleutel (free_preview): alleen versies vanaf deze peildatum; null: volledige historie'),
  }),
  onderdeel: 'versies',
  async handle({ query, request, ctx }) {
    const versies = await monitorVersies();
    const eersteId = versies[0].id;
    const zichtbaar = zichtbareVersies(versies, ctx.toegang);
    const items = [...zichtbaar].reverse().map((v) => versieItem(v, v.id === eersteId));
    const { rijen, kolommen } = versieCsv(items);
    const csv = monitorCsv(request, { formaat: query.formaat, toegang: ctx.toegang, rijen, kolommen, bestand: `versies-${versies[versies.length - 1].peildatum}`, bronnen: monitorBronnen(versies[versies.length - 1], ctx.startedAt) });
    if (csv) return csv;
    return {
      data: {
        totaal: zichtbaar.length,
        versies: items,
        historie_vanaf: historieGrens(versies, ctx.toegang),
      },
      bronnen: monitorBronnen(versies[versies.length - 1], ctx.startedAt),
    };
  },
});
