// GET /v1/distributiemonitor/universum: the first-call overview: the market's counts and coverage, the
// peildatum per source, the newest version with its changelog, the key figures and links to every operation.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { KOPPEL_DOELEN, ZEKERHEID, type KoppelDoelNaam } from '@/lib/monitor/derive/koppeling';
import { MONITOR_LINKS } from './links';
import { API, dekking, dekkingSchema, MONITOR_BRONNEN, monitorBronnen, monitorMarkt, monitorVersies, pct, peildatumParam, PREFIX } from './markt';
import { versieItem, versieSchema } from './versies';
import { OP_DATASET_VERSIE } from './versie-cache';

const deel = z.object({ aantal: z.number().int(), aandeel_pct: z.number().describe('Van de actieve vestigingen, in procenten (één decimaal)') });

/** The coverage of one link target over the active vestigingen. */
const koppelDekkingSchema = z.object({
  vestigingen_actief: z.number().int(),
  kvk: deel.describe(`Gekoppeld op KvK-nummer (zekerheid ${ZEKERHEID.kvk})`),
  naam_plaats: deel.describe(
    `Gekoppeld op een unieke genormaliseerde naam in dezelfde plaats (zekerheid ${ZEKERHEID.statutaire_naam} met de statutaire naam, ${ZEKERHEID.handelsnaam} met een handelsnaam)`,
  ),
  geen: deel.describe('Niet gekoppeld'),
  dubbelzinnig: z.number().int().describe('Van de niet-gekoppelde: meer dan één kandidaat op naam en plaats, dus bewust niet gekoppeld'),
});

export type KoppelDekkingAntwoord = z.infer<typeof koppelDekkingSchema>;

/** The coverage per link target from a version's aantallen; null for a version made before links were recorded. */
/** The answer's name of each link target: the register (GLEIF, DNB); the aantallen keep the target's own name (koppeling_lei_*). */
const DOEL_IN_ANTWOORD = { lei: 'gleif', dnb: 'dnb' } as const satisfies Record<KoppelDoelNaam, string>;
type DoelInAntwoord = (typeof DOEL_IN_ANTWOORD)[KoppelDoelNaam];

export function koppelDekkingUit(aantallen: Record<string, number>): Record<DoelInAntwoord, KoppelDekkingAntwoord> | null {
  if (!('koppeling_lei_kvk' in aantallen)) return null;
  const actief = aantallen.vestigingen_actief ?? 0;
  const n = (doel: KoppelDoelNaam, k: string) => aantallen[`koppeling_${doel}_${k}`] ?? 0;
  const d = (doel: KoppelDoelNaam, k: string) => ({ aantal: n(doel, k), aandeel_pct: pct(n(doel, k), actief) });
  return Object.fromEntries(
    KOPPEL_DOELEN.map((doel) => [DOEL_IN_ANTWOORD[doel], { vestigingen_actief: actief, kvk: d(doel, 'kvk'), naam_plaats: d(doel, 'naam_plaats'), geen: d(doel, 'geen'), dubbelzinnig: n(doel, 'dubbelzinnig') }]),
  ) as Record<DoelInAntwoord, KoppelDekkingAntwoord>;
}

export const monitorUniversum = operation({
  id: 'distributiemonitor-universum',
  path: `${PREFIX}/universum`,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'Overzicht voor de eerste aanroep van de distributiemonitor, optioneel op een peildatum',
  description:
    'Aantallen (vestigingen, actief, organisaties, holdings, hoofdholdings, samenwerkingsverbanden), dekking (aandeel met LEI, onder een hoofdholding, ' +
    'onder DNB-toezicht), de koppeling van de actieve vestigingen aan GLEIF en DNB (op KvK-nummer, op naam en plaats, niet gekoppeld), de peildatum per bron, de nieuwste datasetversie met changelog, de kengetallen en de operaties (pad en titel). ' +
    'Met peildatum komen aantallen, dekking, koppeling, kengetallen en datasetversie uit de nieuwste versie op of vóór die datum; nieuwste_versie blijft de nieuwste.',
  sources: MONITOR_BRONNEN,
  params: { query: z.object({ peildatum: peildatumParam }) },
  statuses: [200, 400, 403, 503],
  response: z.object({
    aantallen: z.record(z.string(), z.number()),
    dekking: dekkingSchema,
    koppeling: z
      .object({ gleif: koppelDekkingSchema.describe('Koppeling aan een LEI-entiteit (GLEIF)'), dnb: koppelDekkingSchema.describe('Koppeling aan een instelling in het DNB-register') })
      .nullable()
      .describe('Hoe de actieve vestigingen aan de andere registers gekoppeld zijn (zie /methodiek, koppeling); null voor een versie van vóór de vastlegging'),
    datasetversie: versieSchema.describe('De versie waaruit dit antwoord komt (met peildatum: de nieuwste op of vóór die datum), met haar changelog'),
    nieuwste_versie: versieSchema,
    aantal_versies: z.number().int(),
    eerste_peildatum: z.iso.date(),
    kengetallen: z.record(z.string(), z.number()),
    operaties: z.array(z.object({ pad: z.string(), titel: z.string() })).describe('Elke operatie van de monitor (pad en wat ze beantwoordt), zoals in /status'),
  }),
  onderdeel: 'universum',
  async handle({ query, ctx }) {
    const versies = await monitorVersies();
    const m = await monitorMarkt(ctx.toegang, query.peildatum);
    const nieuwste = versies[versies.length - 1];
    return {
      data: {
        aantallen: m.versie.aantallen,
        dekking: dekking(m, query.peildatum ?? null),
        koppeling: koppelDekkingUit(m.versie.aantallen),
        datasetversie: versieItem(m.versie, m.versie.id === versies[0].id),
        nieuwste_versie: versieItem(nieuwste, versies.length === 1),
        aantal_versies: versies.length,
        eerste_peildatum: versies[0].peildatum,
        kengetallen: m.versie.kengetallen,
        operaties: MONITOR_LINKS,
      },
      bronnen: monitorBronnen(m.versie, ctx.startedAt),
    };
  },
});
