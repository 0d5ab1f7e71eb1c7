// GET /v1/distributiemonitor/hoofdholdings/{id}/structuur: the complete ownership tree under one
// hoofdholding (tussenholdings and vestigingen, cycle-safe), with its changes over the versions. It answers
// everything the dashboard's holding view shows in one call (issue 22: one request per view): the tree, the
// vestigingen under the hoofdholding and the rows of the whole structure over the versions, all named.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { getDb } from '@/lib/db/client';
import { buildStructuur, type StructuurNode } from '@/lib/monitor/derive/structuur';
import { aantalVestigingenActief, type TelbareVestiging } from '@/lib/monitor/derive/telling';
import { readGeschiedenis, readStructuurGeschiedenis } from '@/lib/monitor/store';
import { apiWijziging, huisnummerDelen } from '@/lib/monitor/vestiging-api';
import { API, dekking, dekkingSchema, historieGrens, MONITOR_BRONNEN, monitorBronnen, monitorMarkt, monitorVersies, nietGevonden, peildatumParam, PREFIX } from './markt';
import { namenSchema, namenVanRijen, namenVoorRijen } from './namen';
import { vestigingSchema } from './vestigingen';
import { wijzigingSchema } from './wijziging-schema';
import { OP_DATASET_VERSIE } from './versie-cache';

export const leiId = z
  .string()
  .regex(/^[A-Z0-9]{20}$/, { message: 'id is een LEI van 20 hoofdletters of cijfers' })
  .meta({ examples: ['984500VY88P750000184'] });

// Recursive: kinderen are knopen of the same shape (one named schema that refers to itself). The array is
// made once, so that the export finds one cycle through the named schema and names nothing else.
const knoop = z.object({
  id: z.string().describe('LEI van een holding of vestiging_id'),
  naam: z.string(),
  type: z.enum(['hoofdholding', 'tussenholding', 'vestiging']),
  kvk_nummer: z.string().nullable(),
  aantal_vestigingen: z.number().int().describe('Alle vestigingen in de deelboom, ook beëindigde (ooit)'),
  aantal_vestigingen_actief: z
    .number()
    .int()
    .describe('Actieve vestigingen in de deelboom op de peildatum: dezelfde telling als aantal_vestigingen_actief van /hoofdholdings'),
  get kinderen(): z.ZodArray<typeof knoop> {
    return kinderen;
  },
}).meta({ id: 'StructuurKnoop' });
const kinderen = z.array(knoop).describe('Knopen met dezelfde vorm (holdings eerst, dan vestigingen)');

type KnoopActief = StructuurNode & { aantal_vestigingen_actief: number; kinderen: KnoopActief[] };

/** What the holding view lists of each vestiging under the hoofdholding (the fields of /vestigingen it shows). */
const vestigingKort = vestigingSchema.pick({ vestiging_id: true, naam: true, postcode: true, huisnummer: true, huisnummer_toevoeging: true, plaats: true, actief: true, einde: true, holding_id: true });

/** The ids of every node of a tree. */
function idsIn(k: StructuurNode, uit: string[] = []): string[] {
  uit.push(k.id);
  for (const c of k.kinderen) idsIn(c, uit);
  return uit;
}

/** Every node with the active count of its subtree (derive/telling: the one definition of the count). */
function metActief(k: StructuurNode, vestiging: ReadonlyMap<string, TelbareVestiging>): KnoopActief {
  const kinderen = k.kinderen.map((c) => metActief(c, vestiging));
  const ids: string[] = [];
  const verzamel = (n: StructuurNode): void => (n.type === 'vestiging' ? void ids.push(n.id) : n.kinderen.forEach(verzamel));
  verzamel(k);
  return { ...k, aantal_vestigingen_actief: aantalVestigingenActief(ids, vestiging), kinderen };
}

export const monitorStructuur = operation({
  id: 'distributiemonitor-hoofdholding-structuur',
  path: `${PREFIX}/hoofdholdings/{id}/structuur`,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'Volledige eigendomsboom onder één hoofdholding',
  description:
    'De boom van tussenholdings en vestigingen onder een hoofdholding (holdings eerst, op aantal vestigingen), met totalen en de ' +
    'wijzigingen van de hoofdholding over alle versies. Kringen in de LEI-relaties worden één keer gevolgd; de diepte is begrensd op 32.',
  sources: MONITOR_BRONNEN,
  params: { path: z.object({ id: leiId.describe('LEI van de hoofdholding') }), query: z.object({ peildatum: peildatumParam }) },
  statuses: [200, 400, 404, 503],
  response: z.object({
    boom: knoop,
    totalen: z.object({
      aantal_holdings: z.number().int(),
      aantal_vestigingen: z.number().int().describe('Alle vestigingen in de boom, ook beëindigde (ooit)'),
      vestigingen_actief: z.number().int().describe('Actieve vestigingen op de peildatum: dezelfde telling als aantal_vestigingen_actief van /hoofdholdings en de grootte in /netwerk'),
      diepte: z.number().int(),
    }),
    afgekapt: z.boolean(),
    sector_rang: z.number().int(),
    wijzigingen: z.array(wijzigingSchema).describe('Alle wijzigingsrijen van deze hoofdholding, oudste eerst'),
    vestigingen: z
      .array(vestigingKort)
      .describe('De vestigingen onder deze hoofdholding op de peildatum, ook beëindigde: dezelfde als /vestigingen?hoofdholding={id}, op vestiging_id'),
    geschiedenis: z
      .array(wijzigingSchema)
      .describe(
        'De wijzigingsrijen van de hele structuur (de hoofdholding, haar holdings en vestigingen, ook die erbij kwamen of vertrokken) ' +
          'tot en met de versie van de peildatum en binnen de historie die u mag zien, zonder de nulmeting (daarin is alles nieuw); oudste eerst',
      ),
    namen: namenSchema.describe('Naam (en plaats) per vestiging_id of LEI dat in wijzigingen of geschiedenis voorkomt; een id zonder bekende naam ontbreekt'),
    dekking: dekkingSchema,
  }),
  onderdeel: 'structuur',
  async handle({ path, query, ctx }) {
    const m = await monitorMarkt(ctx.toegang, query.peildatum);
    const s = buildStructuur(path.id, m.holdings, m.vestigingen);
    if (!s) throw nietGevonden('Hoofdholding', path.id, m);
    const versies = await monitorVersies();
    const grens = historieGrens(versies, ctx.toegang);
    const eigen = (await readGeschiedenis(getDb(), ['hoofdholding', 'holding'], path.id)).filter((w) => w.versie_id <= m.versie.id && (!grens || w.datum >= grens));
    const structuur = await readStructuurGeschiedenis(getDb(), path.id, idsIn(s.boom), { naVersie: versies[0].id, totVersie: m.versie.id, vanaf: grens });
    const hh = m.hoofdholding.get(path.id)!;
    return {
      data: {
        ...s,
        boom: metActief(s.boom, m.vestiging),
        totalen: { ...s.totalen, vestigingen_actief: aantalVestigingenActief(hh.vestiging_ids, m.vestiging) },
        sector_rang: hh.sector_rang,
        wijzigingen: eigen.map(apiWijziging),
        vestigingen: m.vestigingen.filter((v) => v.hoofdholding_id === path.id).map((v) => ({
            vestiging_id: v.vestiging_id,
            naam: v.naam,
            postcode: v.postcode,
            ...huisnummerDelen(v.huisnummer),
            plaats: v.plaats,
            actief: v.actief,
            einde: v.einde,
            holding_id: v.holding_id,
          })),
        geschiedenis: structuur.map(apiWijziging),
        namen: { ...(await namenVanRijen(structuur, versies)), ...namenVoorRijen([m], eigen) },
        dekking: dekking(m, query.peildatum ?? null),
      },
      bronnen: monitorBronnen(m.versie, ctx.startedAt),
    };
  },
});
