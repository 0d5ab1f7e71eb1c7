// GET /v1/distributiemonitor/vestigingen: the advice locations of the market, filtered on postcode,
// kvk_nummer and actief (the spec's filters) plus plaats and hoofdholding, paged, optionally as of a date.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { kvkNummer, postcode, registerPaging, textParam } from '@/lib/api/params';
import { ZEKERHEID } from '@/lib/monitor/derive/koppeling';
import { normaalPostcode } from '@/lib/monitor/derive/vestigingen';
import { KOLOMMEN, vestigingRij } from '@/lib/monitor/export';
import type { MarktVestiging } from '@/lib/monitor/derive/types';
import { apiVestiging } from '@/lib/monitor/vestiging-api';
import { API, dekking, dekkingSchema, MONITOR_BRONNEN, monitorBronnen, monitorCsv, monitorFormaat, monitorMarkt, pagina, paginaSchema, peildatumParam, PREFIX } from './markt';
import { OP_DATASET_VERSIE } from './versie-cache';

const koppelingInfoSchema = z.object({
  methode: z.enum(['kvk', 'naam_plaats']).describe('kvk: hetzelfde KvK-nummer; naam_plaats: een unieke genormaliseerde naam in dezelfde plaats'),
  zekerheid: z.number().describe(`Zekerheid van de koppeling: ${ZEKERHEID.kvk} (KvK-nummer), ${ZEKERHEID.statutaire_naam} (statutaire naam + plaats), ${ZEKERHEID.handelsnaam} (handelsnaam + plaats)`),
});

export const vestigingSchema = z.object({
  vestiging_id: z.string().describe("Stabiel id: 'V' + 10 tekens, afgeleid van KvK-nummer, postcode en huisnummer"),
  naam: z.string(),
  kvk_nummer: z.string(),
  postcode: z.string().nullable(),
  huisnummer: z.number().int().nullable().describe('Huisnummer (het laatste getal van het adres); null: het adres heeft geen nummer'),
  huisnummer_toevoeging: z
    .string()
    .nullable()
    .describe("Toevoeging of huisletter achter het huisnummer, in hoofdletters (bij adres 'Rokin 12-a' of 'Rokin 12 a': A); null: geen"),
  plaats: z.string().nullable(),
  actief: z.boolean().describe('Een advies- of bemiddelingsvergunning is geldig op de peildatum'),
  instelling_id: z.string().describe('Id van de instelling in het AFM-register (/v1/fsp/instellingen/{id})'),
  producten: z.array(z.string()).describe('Producten met adviseren of bemiddelen in een geldige vergunning'),
  hypotheek_diensten: z.array(z.string()),
  sinds: z.iso.date().nullable().describe('Vroegste ingangsdatum van de adviesvergunningen'),
  einde: z.iso.date().nullable().describe('Bij een inactieve vestiging: de laatste einddatum'),
  handelsnamen: z.array(z.string()),
  klachteninstituut: z.string().nullable(),
  lei: z.string().nullable(),
  holding_id: z.string().nullable().describe('De holding direct boven de organisatie; null als zelfstandig'),
  hoofdholding_id: z.string().nullable(),
  koppeling: z
    .object({
      gleif: koppelingInfoSchema.nullable().describe('Hoe de LEI-entiteit (lei) in GLEIF gevonden is; null: geen LEI-entiteit gekoppeld'),
      dnb: koppelingInfoSchema
        .extend({ relatienummer: z.string().describe('Relatienummer van de instelling in het DNB-register (/v1/finreg)') })
        .nullable()
        .describe('De instelling in het DNB-register; null: niet gekoppeld (de meeste adviseurs staan alleen onder AFM-toezicht)'),
    })
    .nullable()
    .describe('Koppeling van de organisatie aan GLEIF (LEI) en DNB: op KvK-nummer, anders op een unieke naam + plaats (zie /methodiek). null in versies van vóór de vastlegging'),
}).meta({ id: 'Vestiging' });

const janee = z
  .enum(['true', 'false', 'ja', 'nee'])
  .transform((s) => s === 'true' || s === 'ja')
  .describe('true/ja: alleen actieve vestigingen; false/nee: alleen beëindigde')
  .meta({ examples: ['ja'] });

export const monitorVestigingen = operation({
  id: 'distributiemonitor-vestigingen',
  path: `${PREFIX}/vestigingen`,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'Adviesvestigingen zoeken op postcode, KvK-nummer en actief',
  description:
    'Fysieke advieslocaties: één per (KvK-nummer, postcode, huisnummer) van een instelling in het AFM-register met een vergunning ' +
    'voor adviseren of bemiddelen. Gesorteerd op vestiging_id. Met peildatum het antwoord zoals het op die datum was. ' +
    'CSV (standard en enterprise): één regel per vestiging met de velden als kolommen, lijsten als JSON en koppeling in de kolommen ' +
    `${KOLOMMEN.vestigingen.filter((k) => k.startsWith('koppeling_')).join(', ')} (leeg: niet gekoppeld).`,
  sources: MONITOR_BRONNEN,
  params: {
    query: z.object({
      postcode: postcode.optional(),
      kvk_nummer: kvkNummer.optional(),
      actief: janee.optional(),
      plaats: textParam(1, 100, 'Plaats (hoofdletterongevoelig, exact)').optional().meta({ examples: ['Delft'] }),
      hoofdholding: z.string().regex(/^[A-Z0-9]{20}$/, { message: 'hoofdholding is een LEI van 20 tekens' }).optional().describe('Alleen vestigingen onder deze hoofdholding (LEI)').meta({ examples: ['984500VY88P750000184'] }),
      peildatum: peildatumParam,
      ...registerPaging,
      formaat: monitorFormaat,
    }),
  },
  statuses: [200, 400, 403, 503],
  response: z.object({
    ...paginaSchema,
    vestigingen: z.array(vestigingSchema),
    dekking: dekkingSchema,
  }),
  onderdeel: 'vestigingen',
  async handle({ query, request, ctx }) {
    const m = await monitorMarkt(ctx.toegang, query.peildatum);
    const pc = query.postcode ? normaalPostcode(query.postcode) : null;
    const plaats = query.plaats?.toLocaleLowerCase('nl');
    const bron: readonly MarktVestiging[] = query.kvk_nummer ? (m.perKvk.get(query.kvk_nummer) ?? []) : m.vestigingen;
    const hits = bron.filter(
      (v) =>
        (!pc || v.postcode === pc) &&
        (query.actief === undefined || v.actief === query.actief) &&
        (!plaats || v.plaats?.toLocaleLowerCase('nl') === plaats) &&
        (!query.hoofdholding || v.hoofdholding_id === query.hoofdholding),
    );
    const { items, ...paging } = pagina(request, query, hits);
    const csv = monitorCsv(request, { formaat: query.formaat, toegang: ctx.toegang, rijen: items.map(vestigingRij), kolommen: KOLOMMEN.vestigingen, bestand: `vestigingen-${m.versie.peildatum}-${query.start}`, bronnen: monitorBronnen(m.versie, ctx.startedAt) });
    if (csv) return csv;
    return {
      data: { ...paging, vestigingen: items.map(apiVestiging), dekking: dekking(m, query.peildatum ?? null) },
      bronnen: monitorBronnen(m.versie, ctx.startedAt),
    };
  },
});
