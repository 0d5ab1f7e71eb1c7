// GET /v1/adres/{postcode}/{huisnummer}/context: the address's identity (codes, coordinates), the core
// figures of its buurt and wijk, the cadastral parcels and buildings around the point and the national
// monuments at the address, all sub-calls in parallel. Only the address itself is required (404 unknown,
// 502 when the Locatieserver fails); any other part that fails is null and 'onbeschikbaar' in bronnen.
import { z } from 'zod';
import { adresSleutels } from '@/lib/adres/sleutels';
import { operation } from '@/lib/api/operation';
import { huisnummer, postcode } from '@/lib/api/params';
import { zonderPunt } from '@/lib/adres/zonder-punt';
import { gather, type Sourced } from '@/lib/sources/gather';
import type { Rd } from '@/lib/geo/rd';
import { cbsStatline } from '@/lib/sources/cbs-statline';
import { bebouwingRond, brkKadastraleKaart, percelenRond } from '@/lib/sources/brk-kadastrale-kaart';
import { bebouwingMetAfstandSchema, perceelMetAfstandSchema } from '@/lib/sources/brk-kadastrale-kaart-convert';
import { monumentOpAdres, rceMonumenten } from '@/lib/sources/rce-monumenten';
import { monumentSchema } from '@/lib/sources/rce-monumenten-convert';
import { kerncijfersSchema } from '@/lib/regio/kerncijfers';
import { adresKort, adresKortSchema, adresOpHuisnummer } from '@/lib/adres/op-huisnummer';
import { laadRegios } from '@/lib/services/regio/laden';
import { regioLinks } from '@/lib/services/regio/profiel';

/** Radius of the parcels and buildings around the address point, in metres. */
export const CONTEXT_STRAAL_M = 50;

const rondSchema = <T extends z.ZodType>(item: T) => z.object({ straal_m: z.number().int(), afgekapt: z.boolean(), objecten: z.array(item) });

/** The parts of an address context shared with /v1/punt/{lon}/{lat}/context (schemas of its answer). */
export const contextDelenShape = {
  buurt: kerncijfersSchema.nullable(),
  wijk: kerncijfersSchema.nullable(),
  percelen_rond: rondSchema(perceelMetAfstandSchema).meta({ id: 'PercelenRond' }).nullable(),
  bebouwing_rond: rondSchema(bebouwingMetAfstandSchema).meta({ id: 'BebouwingRond' }).nullable(),
  monumenten: z.array(monumentSchema.extend({ ligging: z.array(z.string()) }).meta({ id: 'RijksmonumentMetLigging' })).nullable().describe('Rijksmonumenten op het adres; leeg als er geen is'),
};
const delenSchema = z.object(contextDelenShape);
export type ContextDelen = z.infer<typeof delenSchema>;

export interface ContextVraag {
  /** Centre of the parcels and buildings (CONTEXT_STRAAL_M around it); null: none asked. */
  rd: Rd | null;
  /** Address point for the monuments at the address; null: none asked. */
  adresRd: Rd | null;
  /** CBS buurt and wijk codes (already checked); null: no figures asked for that level. */
  buurt: string | null;
  wijk: string | null;
}

/**
 * The core figures of buurt and wijk, the parcels and buildings within CONTEXT_STRAAL_M of a point and the
 * monuments at an address point, in parallel through gather: a part not asked is null without a bronnen
 * entry, a part whose source fails is null with an 'onbeschikbaar' entry. Shared by the address and point
 * context operations.
 */
export async function contextDelen(v: ContextVraag, signal: AbortSignal): Promise<Sourced<ContextDelen>> {
  const leeg = { data: null, bronnen: [] };
  const { rd, adresRd, buurt, wijk } = v;
  const { results, bronnen } = await gather(
    {
      kwb: { source: cbsStatline, run: async (s) => (buurt || wijk ? laadRegios([buurt, wijk].filter((c): c is string => Boolean(c)), undefined, s) : leeg) },
      percelen: { source: brkKadastraleKaart, run: async (s) => (rd ? percelenRond(rd, CONTEXT_STRAAL_M, s) : leeg) },
      bebouwing: { source: brkKadastraleKaart, run: async (s) => (rd ? bebouwingRond(rd, CONTEXT_STRAAL_M, s) : leeg) },
      monumenten: { source: rceMonumenten, run: async (s) => (adresRd ? monumentOpAdres(adresRd, s) : leeg) },
    },
    { budgetMs: 6000, signal },
  );
  const rond = <T>(r: { objecten: T[]; afgekapt: boolean } | null) => (r ? { straal_m: CONTEXT_STRAAL_M, afgekapt: r.afgekapt, objecten: r.objecten } : null);
  return {
    data: {
      buurt: (buurt && results.kwb?.regios.get(buurt)) || null,
      wijk: (wijk && results.kwb?.regios.get(wijk)) || null,
      percelen_rond: rond(results.percelen),
      bebouwing_rond: rond(results.bebouwing),
      monumenten: results.monumenten,
    },
    bronnen,
  };
}

export const adresContext = operation({
  id: 'adres-context',
  path: '/v1/adres/{postcode}/{huisnummer}/context',
  api: 'adres',
  bronType: 'eigen-dienst',
  summary: 'Adresidentiteit, kerncijfers van buurt en wijk, percelen en panden rond het punt en rijksmonumenten',
  description:
    'Het adres (wijk- en buurtcode, coördinaten in WGS84 en RD), de kerncijfers van buurt en wijk (nieuwste Kerncijfers wijken en ' +
    `buurten), de kadastrale percelen en de bebouwing binnen ${CONTEXT_STRAAL_M} m van het adrespunt (Kadastrale kaart, dichtstbij eerst, ` +
    'met afstand_m) en de rijksmonumenten op het adres (RCE), parallel opgehaald. Het pad kent geen toevoeging: het adres zonder ' +
    'letter of toevoeging, anders het eerste op het huisnummer. 404 als het adres niet bestaat, 502 als de Locatieserver faalt; valt ' +
    'een andere bron uit, dan is dat deel null en staat de bron als onbeschikbaar in bronnen.',
  sources: ['pdok-locatieserver', 'cbs-statline', 'brk-kadastrale-kaart', 'rce-monumenten'],
  params: { path: z.object({ postcode, huisnummer }) },
  statuses: [200, 400, 404, 502],
  response: z.object({
    adres: adresKortSchema.extend({
      buurt_code: z.string().nullable(),
      buurt_naam: z.string().nullable(),
      wijk_code: z.string().nullable(),
      wijk_naam: z.string().nullable(),
      provincie_naam: z.string().nullable(),
    }),
    ...contextDelenShape,
    links: z.record(z.string(), z.string().nullable()),
  }),
  onderdeel: 'context',
  maxAgeSeconds: 300,
  async handle({ path, ctx }) {
    const adres = await adresOpHuisnummer(path.postcode, path.huisnummer, ctx.signal);
    const l = adres.data.locatie;
    const rd = l.coordinaten.rd;
    const { buurt, wijk } = adresSleutels(l);
    const delen = await contextDelen({ rd, adresRd: rd, buurt, wijk }, ctx.signal);
    // An address without any coordinate: parcels, buildings and monuments were not asked, and say so.
    const zonderCoordinaat = rd ? [] : [...zonderPunt(brkKadastraleKaart).bronnen, ...zonderPunt(rceMonumenten).bronnen];
    return {
      data: {
        adres: { ...adresKort(adres.data), buurt_code: buurt, buurt_naam: l.buurt_naam, wijk_code: wijk, wijk_naam: l.wijk_naam, provincie_naam: l.provincie?.naam ?? null },
        ...delen.data,
        links: {
          buurt: buurt ? `/v1/regio/${buurt}` : null,
          wijk: wijk ? `/v1/regio/${wijk}` : null,
          buurt_landelijk: buurt ? regioLinks(buurt).landelijk : null,
          lucht: `/v1/adres/${path.postcode}/${path.huisnummer}/lucht`,
          dossier: `/v1/pand/${path.postcode}/${path.huisnummer}/dossier`,
        },
      },
      bronnen: [...adres.bronnen, ...delen.bronnen, ...zonderCoordinaat],
    };
  },
});
