// The established WOZ values of the addresses on one house number: one WOZ-waardeloket call per
// nummeraanduiding, in parallel, each with every reference year. The loket is for individual look-ups, so
// a house number is asked for at most MAX_WOZ_OBJECTEN addresses per call (filter with letter/toevoeging).
// A failing call makes only that object 'onbeschikbaar'; an address the loket does not know is 'onbekend'.
import { z } from 'zod';
import type { Sourced } from '@/lib/sources/gather';
import type { BronEntry } from '@/lib/sources/bron';
import { SourceError } from '@/lib/sources/source-error';
import { failedBron } from '@/lib/sources/fetch';
import { wozObject, wozWaardeloket } from '@/lib/sources/woz-waardeloket';
import { kadastraalObjectSchema } from '@/lib/sources/woz-waardeloket-convert';
import type { Locatie } from '@/lib/sources/pdok-locatieserver-convert';
import { Problem } from '@/lib/api/problems';
import { toevoegingVan } from '@/lib/verduurzaming/adres';
import { type AdresKort, adresKort, adresKortSchema, adressenOpHuisnummer, filterAdressen } from './adres';

/** At most this many addresses of one house number are looked up in one call. */
export const MAX_WOZ_OBJECTEN = 25;
/** Time budget of the parallel WOZ calls together. */
export const WOZ_BUDGET_MS = 5000;

export const wozObjectUitvoerSchema = z.object({
  adres: adresKortSchema,
  status: z.enum(['ok', 'onbekend', 'onbeschikbaar']).describe('ok; onbekend = het WOZ-waardeloket kent geen WOZ-object voor dit adres; onbeschikbaar = de bron faalde'),
  woz: z
    .object({
      wozobjectnummer: z.string().nullable().describe('WOZ-objectnummer (12 cijfers: gemeentecode en volgnummer)'),
      gemeente_code: z.string().nullable().describe('Gemeentecode, vier cijfers'),
      grondoppervlakte_m2: z.number().nullable().describe('Grondoppervlakte volgens de WOZ in m²'),
      waarden: z
        .array(
          z.object({
            peildatum: z.iso.date().describe('Waardepeildatum (ISO-datum, 1 januari)'),
            vastgestelde_waarde: z.number().describe('Vastgestelde WOZ-waarde in euro'),
          }),
        )
        .describe('Alle vastgestelde waarden, nieuwste peildatum eerst'),
      nieuwste_waarde: z.object({ peildatum: z.iso.date(), vastgestelde_waarde: z.number() }).nullable(),
      pand_ids: z.array(z.string()).describe('BAG-panden van het WOZ-object (16 cijfers)'),
      kadastrale_objecten: z
        .array(kadastraalObjectSchema)
        .describe('Kadastrale percelen van het WOZ-object (een onbekend deel is null)'),
      verblijfsobject_id: z.string().nullable().describe('BAG-verblijfsobject volgens de WOZ (16 cijfers)'),
    })
    .nullable(),
  toelichting: z.string().nullable(),
}).meta({ id: 'WozObjectMetAdres' });
export type WozObjectUitvoer = z.infer<typeof wozObjectUitvoerSchema>;

export const wozHuisnummerSchema = z.object({
  postcode: z.string(),
  huisnummer: z.number().int(),
  filter: z.object({ letter: z.string().nullable(), toevoeging: z.string().nullable() }),
  aantal_adressen: z.number().int().describe('Adressen op dit huisnummer die aan het filter voldoen'),
  aantal_objecten_met_woz: z.number().int(),
  afgekapt: z.boolean().describe(`true als er meer dan ${MAX_WOZ_OBJECTEN} adressen zijn; alleen de eerste zijn bevraagd`),
  objecten: z.array(wozObjectUitvoerSchema),
  toelichting: z.string().nullable(),
});
export type WozHuisnummer = z.infer<typeof wozHuisnummerSchema>;

/** The WOZ object and values of one address. Never throws for a failing loket: status 'onbeschikbaar'. */
export async function wozVoorAdres(adres: Locatie, signal?: AbortSignal): Promise<Sourced<WozObjectUitvoer>> {
  const kort = adresKort(adres);
  const id = adres.nummeraanduiding_id;
  if (!id || !/^\d{16}$/.test(id)) {
    return { data: { adres: kort, status: 'onbekend', woz: null, toelichting: 'Het adres heeft geen BAG-nummeraanduiding; het WOZ-waardeloket is niet bevraagd.' }, bronnen: [] };
  }
  try {
    const res = await wozObject(id, signal);
    const o = res.data;
    if (!o) {
      return { data: { adres: kort, status: 'onbekend', woz: null, toelichting: 'Het WOZ-waardeloket kent voor dit adres geen WOZ-object.' }, bronnen: res.bronnen };
    }
    const waarden = o.waarden.map((w) => ({ peildatum: w.peildatum, vastgestelde_waarde: w.waarde }));
    return {
      data: {
        adres: kort,
        status: 'ok',
        woz: {
          wozobjectnummer: o.wozobjectnummer,
          gemeente_code: o.gemeentecode,
          grondoppervlakte_m2: o.grondoppervlakte_m2,
          waarden,
          nieuwste_waarde: waarden[0] ?? null,
          pand_ids: o.pand_ids,
          kadastrale_objecten: o.kadastrale_objecten,
          verblijfsobject_id: o.adresseerbaarobject_id,
        },
        toelichting: waarden.length === 0 ? 'Het WOZ-waardeloket kent het object, maar toont geen vastgestelde waarden.' : null,
      },
      bronnen: res.bronnen,
    };
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    return { data: onbeschikbaar(kort), bronnen: [err.bron] };
  }
}

/**
 * Every WOZ object on postcode + huisnummer, optionally filtered by letter and toevoeging. Throws a
 * not_found Problem when no address matches; the Locatieserver failing is a SourceError (502).
 */
export async function wozVoorHuisnummer(
  postcode: string,
  huisnummer: number,
  filter: { letter?: string | null; toevoeging?: string | null },
  signal?: AbortSignal,
): Promise<Sourced<WozHuisnummer>> {
  const alle = await adressenOpHuisnummer(postcode, huisnummer, signal);
  const gekozen = filterAdressen(alle.data, filter);
  const pc = postcode.replace(/\s+/g, '').toUpperCase();
  if (gekozen.length === 0) {
    if (alle.data.length === 0) throw new Problem('not_found', { detail: `Het adres ${pc} ${huisnummer} staat niet in de Basisregistratie Adressen en Gebouwen.` });
    const bestaand = alle.data.map((l) => toevoegingVan(l) || '(geen)').join(', ');
    throw new Problem('not_found', { detail: `Op ${pc} ${huisnummer} is geen adres met deze letter/toevoeging; er bestaan: ${bestaand}.` });
  }
  const gevraagd = gekozen.slice(0, MAX_WOZ_OBJECTEN);
  const objecten = await metBudget(gevraagd, signal);
  const aantalMetWoz = objecten.filter((o) => o.data.status === 'ok').length;
  const afgekapt = gekozen.length > gevraagd.length;
  const noten = [
    aantalMetWoz === 0 && objecten.every((o) => o.data.status === 'onbekend') ? 'Voor geen van deze adressen kent het WOZ-waardeloket een WOZ-object.' : null,
    afgekapt ? `Er zijn ${gekozen.length} adressen; alleen de eerste ${MAX_WOZ_OBJECTEN} zijn bevraagd. Beperk met letter of toevoeging.` : null,
  ].filter((n): n is string => n !== null);
  return {
    data: {
      postcode: pc,
      huisnummer,
      filter: { letter: filter.letter ?? null, toevoeging: filter.toevoeging ?? null },
      aantal_adressen: gekozen.length,
      aantal_objecten_met_woz: aantalMetWoz,
      afgekapt,
      objecten: objecten.map((o) => o.data),
      toelichting: noten.length > 0 ? noten.join(' ') : null,
    },
    bronnen: [...alle.bronnen, ...objecten.flatMap((o) => o.bronnen)],
  };
}

/** All look-ups in parallel within one time budget; a look-up still running at the end is 'onbeschikbaar'. */
async function metBudget(adressen: Locatie[], signal?: AbortSignal): Promise<Sourced<WozObjectUitvoer>[]> {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<'budget'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve('budget');
    }, WOZ_BUDGET_MS);
  });
  try {
    return await Promise.all(
      adressen.map(async (a): Promise<Sourced<WozObjectUitvoer>> => {
        const outcome = await Promise.race([wozVoorAdres(a, controller.signal), budget]);
        if (outcome !== 'budget') return outcome;
        const bron: BronEntry = failedBron(wozWaardeloket, null, 'timeout', Math.round(performance.now() - started));
        return { data: onbeschikbaar(adresKort(a)), bronnen: [bron] };
      }),
    );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function onbeschikbaar(adres: AdresKort): WozObjectUitvoer {
  return { adres, status: 'onbeschikbaar', woz: null, toelichting: 'Het WOZ-waardeloket gaf geen (leesbaar) antwoord; zie bronnen.' };
}
