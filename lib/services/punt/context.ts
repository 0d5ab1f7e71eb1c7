// GET /v1/punt/{lon}/{lat}/context: reverse geocoding of a point to the nearest address within `radius`
// metres (PDOK Locatieserver), then in parallel the core figures of that address's buurt and wijk, the
// cadastral parcels and buildings within CONTEXT_STRAAL_M of the POINT and the national monuments at the
// ADDRESS (the parts shared with /v1/adres/{pc}/{hn}/context, contextDelen). When no address lies within
// the radius only the cadastral layers are answered (adres, buurt, wijk and monumenten null). Each source
// fails alone: a failing Locatieserver leaves the address (and with it buurt, wijk and monumenten) null, a
// failing other source its part, each 'onbeschikbaar' in bronnen; only when nothing is left to answer (no
// address and both cadastral layers failing) the call fails with a 502 naming every source that failed.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { lat, lon, radius } from '@/lib/api/params';
import { reverse } from '@/lib/sources/pdok-locatieserver';
import { SourceError, sourceErrorFromBronnen } from '@/lib/sources/source-error';
import { puntUitWgs84 } from '@/lib/geo/rd';
import { CONTEXT_STRAAL_M, contextDelen, contextDelenShape } from '@/lib/services/adres/context';
import { regioLinks } from '@/lib/services/regio/profiel';
import { adresNaam, buurtCode, wijkCode } from './gebieden';

export const puntContext = operation({
  id: 'punt-context',
  path: '/v1/punt/{lon}/{lat}/context',
  api: 'punt',
  bronType: 'eigen-dienst',
  summary: 'Dichtstbijzijnde adres, kerncijfers van buurt en wijk, percelen, panden en rijksmonumenten rond een punt',
  description:
    'Reverse geocoding naar het dichtstbijzijnde adres binnen radius meter (PDOK Locatieserver), dan parallel: de kerncijfers van ' +
    `buurt en wijk van dat adres (CBS Kerncijfers wijken en buurten), de kadastrale percelen en de bebouwing binnen ${CONTEXT_STRAAL_M} m ` +
    'van het punt (Kadastrale kaart, dichtstbij eerst) en de rijksmonumenten op het adres (RCE). Ligt er binnen radius geen adres, ' +
    'dan alleen de kadastrale lagen (adres, buurt, wijk en monumenten null, met toelichting). Valt de Locatieserver uit, dan ' +
    'ook alleen de kadastrale lagen en staat de Locatieserver als onbeschikbaar in bronnen; valt een andere bron uit, dan is dat ' +
    'deel null en staat de bron als onbeschikbaar in bronnen (zonder adres en zonder beide kadastrale lagen: 502).',
  sources: ['pdok-locatieserver', 'cbs-statline', 'brk-kadastrale-kaart', 'rce-monumenten'],
  params: {
    path: z.object({ lon, lat }),
    query: z.object({ radius: radius(10, 2000, 150).describe('Zoekstraal in meters voor het dichtstbijzijnde adres (10-2000)') }),
  },
  statuses: [200, 400, 502],
  response: z.object({
    punt: z.object({ wgs84: z.object({ lon: z.number(), lat: z.number() }), rd: z.object({ x: z.number(), y: z.number() }) }),
    radius_m: z.number().int(),
    adres: z
      .object({
        weergavenaam: z.string().nullable(),
        straat: z.string().nullable(),
        huisnummer: z.number().int().nullable(),
        huisletter: z.string().nullable(),
        toevoeging: z.string().nullable(),
        postcode: z.string().nullable(),
        woonplaats: z.string().nullable(),
        gemeente_code: z.string().nullable(),
        gemeente_naam: z.string().nullable(),
        provincie_naam: z.string().nullable(),
        buurt_code: z.string().nullable(),
        buurt_naam: z.string().nullable(),
        wijk_code: z.string().nullable(),
        wijk_naam: z.string().nullable(),
        nummeraanduiding_id: z.string().nullable(),
        adresseerbaarobject_id: z.string().nullable(),
        afstand_m: z.number().nullable().describe('Afstand van het punt tot het adres in meters (Locatieserver)'),
        coordinaten: z.object({
          wgs84: z.object({ lon: z.number(), lat: z.number() }).nullable(),
          rd: z.object({ x: z.number(), y: z.number() }).nullable(),
        }),
      })
      .nullable()
      .describe('Het dichtstbijzijnde adres binnen radius; null als er geen is'),
    toelichting: z.string().nullable(),
    ...contextDelenShape,
    links: z.record(z.string(), z.string().nullable()),
  }),
  onderdeel: 'context',
  maxAgeSeconds: 300,
  async handle({ path, query, ctx }) {
    const punt = puntUitWgs84({ lon: path.lon, lat: path.lat });
    const r = await reverse(punt.wgs84, { distanceM: query.radius, rows: 1 }, ctx.signal).catch((err: unknown) => {
      if (err instanceof SourceError) return { data: null, bronnen: err.bronnen };
      throw err;
    });
    const t = r.data?.items[0] ?? null;
    const buurt = t ? buurtCode(t.buurt_code) : null;
    const wijk = t ? wijkCode(t.wijk_code) : null;
    const adresRd = t ? (t.coordinaten.rd ?? (t.coordinaten.wgs84 ? puntUitWgs84(t.coordinaten.wgs84).rd : null)) : null;
    const delen = await contextDelen({ rd: punt.rd, adresRd, buurt, wijk }, ctx.signal);
    const bronnen = [...r.bronnen, ...delen.bronnen];
    if (!t && delen.data.percelen_rond === null && delen.data.bebouwing_rond === null && bronnen.some((b) => b.status !== 'ok')) {
      throw sourceErrorFromBronnen(bronnen);
    }
    const p = `/v1/punt/${path.lon}/${path.lat}`;
    return {
      data: {
        punt,
        radius_m: query.radius,
        adres: t
          ? {
              weergavenaam: adresNaam(t),
              straat: t.straatnaam,
              huisnummer: t.huisnummer,
              huisletter: t.huisletter,
              toevoeging: t.toevoeging,
              postcode: t.postcode,
              woonplaats: t.woonplaats,
              gemeente_code: t.gemeente?.code ?? null,
              gemeente_naam: t.gemeente?.naam ?? null,
              provincie_naam: t.provincie?.naam ?? null,
              buurt_code: buurt,
              buurt_naam: buurt ? t.buurt_naam : null,
              wijk_code: wijk,
              wijk_naam: wijk ? t.wijk_naam : null,
              nummeraanduiding_id: t.nummeraanduiding_id,
              adresseerbaarobject_id: t.adresseerbaarobject_id,
              afstand_m: t.afstand_m,
              coordinaten: t.coordinaten,
            }
          : null,
        toelichting: t
          ? null
          : !r.data
            ? 'De Locatieserver is onbeschikbaar (zie bronnen): geen adres, alleen de kadastrale percelen en de bebouwing rond het punt.'
            : `Binnen ${query.radius} m van dit punt ligt geen adres: alleen de kadastrale percelen en de bebouwing rond het punt. ` +
            'Een grotere radius (tot 2000) zoekt verder.',
        ...delen.data,
        links: {
          gebieden: `${p}/gebieden`,
          buurt: buurt ? `/v1/regio/${buurt}` : null,
          wijk: wijk ? `/v1/regio/${wijk}` : null,
          buurt_landelijk: buurt ? regioLinks(buurt).landelijk : null,
          adres_context: t?.postcode && t.huisnummer !== null ? `/v1/adres/${t.postcode}/${t.huisnummer}/context` : null,
        },
      },
      bronnen,
    };
  },
});
