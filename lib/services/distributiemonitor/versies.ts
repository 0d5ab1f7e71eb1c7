// GET /v1/distributiemonitor/versies: every dataset_versie, newest first, with its sources (register,
// import, peildatum), its changelog (counts per entiteit_type and wijziging_type, and a sentence) and its
// market counts.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { WIJZIGING_TYPES } from '@/lib/monitor/derive/types';
import type { DatasetVersie } from '@/lib/monitor/store';
import { API, historieGrens, MONITOR_BRONNEN, monitorBronnen, monitorVersies, PREFIX, zichtbareVersies } from './markt';

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
  id: z.number().int(),
  peildatum: z.string().describe('Peildatum van de markt: de laatste peildatum van de bronnen (JJJJ-MM-DD)'),
  gepubliceerd_op: z.string(),
  bronnen: z.array(z.object({ register: z.string(), import_id: z.number().int(), peildatum: z.string(), sha256: z.string().nullable(), voorbeeld: z.boolean() })),
  changelog: z.object({
    tekst: z.string(),
    per_type: z.record(z.string(), z.record(z.string(), z.number().int())).describe('Aantal wijzigingsrijen per entiteit_type en wijziging_type'),
    totaal: z.number().int(),
  }),
  aantallen: z.record(z.string(), z.number()),
  voorbeelddata: z.boolean(),
  wijzigingen: z.string().describe('Pad van de wijzigingen van deze versie'),
});

export function versieItem(v: DatasetVersie, eerste: boolean) {
  const totaal = Object.values(v.samenvatting).reduce((s, t) => s + Object.values(t).reduce((a, b) => a + b, 0), 0);
  return {
    id: v.id,
    peildatum: v.peildatum,
    gepubliceerd_op: v.gepubliceerd_op,
    bronnen: v.bronnen,
    changelog: { tekst: changelogTekst(v, eerste), per_type: v.samenvatting, totaal },
    aantallen: v.aantallen,
    voorbeelddata: v.voorbeeld,
    wijzigingen: `${PREFIX}/versies/${v.id}/wijzigingen`,
  };
}

export const monitorVersiesOp = operation({
  id: 'distributiemonitor-versies',
  path: `${PREFIX}/versies`,
  api: API,
  bronType: 'eigen-dienst',
  summary: 'Alle datasetversies met changelog',
  description:
    'Elke publicatie van een onderliggend register (AFM, GLEIF, DNB) levert een datasetversie; het verschil met de vorige versie staat ' +
    'als wijzigingsrijen (alleen-toevoegen) onder /versies/{id}/wijzigingen. De eerste versie is de nulmeting: al haar rijen zijn nieuw. Nieuwste eerst.',
  sources: MONITOR_BRONNEN,
  statuses: [200, 503],
  response: z.object({
    totaal: z.number().int(),
    versies: z.array(versieSchema),
    historie_vanaf: z.string().nullable().describe('Zonder sleutel (free_preview): alleen versies vanaf deze peildatum; null: volledige historie'),
  }),
  onderdeel: 'versies',
  async handle({ ctx }) {
    const versies = await monitorVersies();
    const eersteId = versies[0].id;
    const zichtbaar = zichtbareVersies(versies, ctx.toegang);
    return {
      data: {
        totaal: zichtbaar.length,
        versies: [...zichtbaar].reverse().map((v) => versieItem(v, v.id === eersteId)),
        historie_vanaf: historieGrens(versies, ctx.toegang),
      },
      bronnen: monitorBronnen(versies[versies.length - 1], ctx.startedAt),
    };
  },
});
