// GET /v1/adres/{postcode}/{huisnummer}: everything about one address from twelve sources in parallel:
// address register (Locatieserver, BAG), WOZ, monument (RCE), parcel and building ids (Kadastrale kaart),
// administrative areas (from the address), core figures (CBS KWB), housing market (CBS 83625NED), emission
// zone (NDW), air quality (Luchtmeetnet), traffic (NDW measures and travel times) and national subsidies (RVO).
// After the one address look-up everything runs at once within one time budget; a source that fails or is
// too slow gives its part null and an 'onbeschikbaar' entry in bronnen, never a failed call.
import { z } from 'zod';
import { adresSleutels } from '@/lib/adres/sleutels';
import { operation } from '@/lib/api/operation';
import { huisnummer, postcode } from '@/lib/api/params';
import { gather, type Sourced } from '@/lib/sources/gather';
import type { SourceDef } from '@/lib/sources/source';
import { zonderPunt } from '@/lib/adres/zonder-punt';
import { bagOgc, verblijfsobject } from '@/lib/sources/bag-ogc';
import { bagAdresOfNull, bagApiKey, bagIndividueleBevragingen } from '@/lib/sources/bag-individuele-bevragingen';
import { bagAdresSchema } from '@/lib/sources/bag-individuele-bevragingen-convert';
import { verblijfsobjectSchema } from '@/lib/sources/bag-ogc-convert';
import { bebouwingMetAfstandSchema, perceelMetAfstandSchema } from '@/lib/sources/brk-kadastrale-kaart-convert';
import { bebouwingOpPunt, brkKadastraleKaart, kadastraalPerceelOpPunt } from '@/lib/sources/brk-kadastrale-kaart';
import { monumentOpAdres, rceMonumenten } from '@/lib/sources/rce-monumenten';
import { monumentSchema } from '@/lib/sources/rce-monumenten-convert';
import { cbsStatline } from '@/lib/sources/cbs-statline';
import { woningprijzen, WONINGPRIJZEN_TABEL } from '@/lib/sources/cbs-woningprijzen';
import { milieuzonesBijPunt, ndwEmissiezones } from '@/lib/sources/ndw-emissiezones';
import { dichtstbijzijndeStations, luchtmeetnet, nieuwsteMetingen } from '@/lib/sources/luchtmeetnet';
import { ndwReistijden, ndwVerkeersmaatregelen, reistijdenRond, verkeerRond } from '@/lib/sources/ndw-verkeer';
import { rvoIsde, subsidieBedragen } from '@/lib/sources/rvo-isde';
import { maatregelSchema as subsidieSchema } from '@/lib/sources/rvo-isde-convert';
import { wozWaardeloket } from '@/lib/sources/woz-waardeloket';
import { wozObjectUitvoerSchema, wozVoorAdres } from '@/lib/pand/woz';
import { kenmerkSchema, PROFIEL_TREND } from '@/lib/regio/kerncijfers';
import { prijsPuntSchema, prijsReeks } from '@/lib/regio/woningprijzen';
import { adresKort, adresKortSchema, adresOpHuisnummer } from '@/lib/adres/op-huisnummer';
import { laadRegios } from '@/lib/services/regio/laden';
import { zoneSchema, zoneUitvoer } from '@/lib/services/punt/milieuzone';
import { stationSchema } from './lucht';
import { maatregelSchema as verkeerSchema } from '@/lib/services/punt/verkeer';
import { meetpuntSchema } from '@/lib/services/punt/reistijden';

/** Time budget of the parallel part (after the address look-up). */
export const ADRES_BUDGET_MS = 5000;
/** Radius of the traffic measures and travel times around the address. */
export const VERKEER_STRAAL_M = 5000;

const gebiedSchema = z.object({ code: z.string().nullable(), naam: z.string().nullable() });
const kerncijferGebied = z.object({ code: z.string(), naam: z.string().nullable(), jaar: z.number().int(), kenmerken: z.array(kenmerkSchema) }).meta({ id: 'KerncijfersGebied' });

export const adresVolledig = operation({
  id: 'adres',
  path: '/v1/adres/{postcode}/{huisnummer}',
  api: 'adres',
  bronType: 'eigen-dienst',
  summary: 'Alles over één adres uit twaalf bronnen tegelijk',
  description:
    'Na het opzoeken van het adres (PDOK Locatieserver; het pad kent geen toevoeging: het adres zonder letter of toevoeging, anders het ' +
    'eerste op het huisnummer) parallel: adresregister (BAG-verblijfsobject; met BAG_API_KEY ook BAG Individuele Bevragingen), WOZ, rijksmonument, perceel en panden (Kadastrale kaart), ' +
    'bestuurlijke gebieden, kerncijfers van buurt en wijk, woningmarkt (verkoopprijzen van de gemeente, drie jaar), milieuzone, ' +
    `luchtkwaliteit (dichtstbijzijnd station met nieuwste metingen), verkeer (maatregelen en reistijden binnen ${VERKEER_STRAAL_M / 1000} km) en ` +
    `landelijke subsidies. Binnen ${ADRES_BUDGET_MS / 1000} s; een bron die faalt of te laat is geeft voor haar deel null en status ` +
    'onbeschikbaar in bronnen. Geeft de Locatieserver het adres zonder coördinaat, dan zijn de delen die het punt nodig hebben null en ' +
    'hun bron onbeschikbaar met foutsoort geen_coordinaat. 404 als het adres niet bestaat; 502 alleen als de Locatieserver (het adres zelf) faalt.',
  sources: ['pdok-locatieserver', 'bag-ogc', 'bag-individuele-bevragingen', 'woz-waardeloket', 'rce-monumenten', 'brk-kadastrale-kaart', 'cbs-statline', 'ndw-emissiezones', 'luchtmeetnet', 'ndw-verkeersmaatregelen', 'ndw-meetlocaties', 'ndw-reistijden', 'rvo-isde'],
  params: { path: z.object({ postcode, huisnummer }) },
  statuses: [200, 400, 404, 502],
  response: z.object({
    adres: adresKortSchema,
    verblijfsobject: verblijfsobjectSchema.nullable(),
    bag: bagAdresSchema.nullable().describe('Het adres volgens BAG Individuele Bevragingen (alleen met BAG_API_KEY; anders null)'),
    gebieden: z.object({ woonplaats_gebied: gebiedSchema, gemeente: gebiedSchema, provincie: gebiedSchema, wijk: gebiedSchema, buurt: gebiedSchema, waterschap: gebiedSchema }),
    woz: wozObjectUitvoerSchema.nullable(),
    monumenten: z.array(monumentSchema.extend({ ligging: z.array(z.string()) }).meta({ id: 'RijksmonumentMetLigging' })).nullable(),
    perceel: perceelMetAfstandSchema.nullable(),
    panden: z.array(bebouwingMetAfstandSchema).nullable(),
    kerncijfers: z.object({ buurt: kerncijferGebied.nullable(), wijk: kerncijferGebied.nullable() }).nullable(),
    woningmarkt: z.object({ gemeente_code: z.string(), tabel: z.string(), reeks: z.array(prijsPuntSchema) }).meta({ id: 'Woningprijzen' }).nullable(),
    milieuzone: z.object({ in_zone: z.boolean(), zones: z.array(zoneSchema) }).nullable(),
    lucht: stationSchema.nullable().describe('Het dichtstbijzijnde luchtmeetstation met de nieuwste meting per stof'),
    verkeer: z.object({ maatregelen: z.array(verkeerSchema).nullable(), reistijden: z.array(meetpuntSchema).nullable() }),
    subsidies: z.object({ opgevraagd_op: z.iso.datetime({ offset: true }), bron_url: z.string(), maatregelen: z.array(subsidieSchema) }).nullable(),
    links: z.record(z.string(), z.string()),
  }),
  onderdeel: 'adres',
  maxAgeSeconds: 300,
  async handle({ path, ctx }) {
    const adres = await adresOpHuisnummer(path.postcode, path.huisnummer, ctx.signal);
    const l = adres.data.locatie;
    const { rd, wgs84 } = l.coordinaten;
    const { vbo, buurt, wijk, gemeente } = adresSleutels(l);
    const leeg = { data: null, bronnen: [] };
    // Without any coordinate a part that needs the point is null and its source 'onbeschikbaar' (geen_coordinaat).
    const puntDeel = <T>(source: SourceDef, f: (s: AbortSignal) => Promise<Sourced<T>>) => ({
      source,
      run: async (s: AbortSignal): Promise<Sourced<T | null>> => (rd && wgs84 ? f(s) : zonderPunt(source)),
    });

    const { results, bronnen } = await gather(
      {
        vbo: { source: bagOgc, run: async (s) => (vbo ? verblijfsobject(vbo, s) : leeg) },
        // The authentic register per address, only with a Kadaster key (the keyless BAG OGC API above always answers).
        bag: { source: bagIndividueleBevragingen, run: async (s) => (bagApiKey() ? bagAdresOfNull(path.postcode, path.huisnummer, null, s) : leeg) },
        woz: { source: wozWaardeloket, run: (s) => wozVoorAdres(l, s) },
        monumenten: puntDeel(rceMonumenten, (s) => monumentOpAdres(rd!, s)),
        perceel: puntDeel(brkKadastraleKaart, (s) => kadastraalPerceelOpPunt(rd!, s)),
        panden: puntDeel(brkKadastraleKaart, (s) => bebouwingOpPunt(rd!, s)),
        kwb: { source: cbsStatline, run: async (s) => (buurt || wijk ? laadRegios([buurt, wijk].filter((c): c is string => Boolean(c)), undefined, s) : leeg) },
        prijzen: { source: cbsStatline, run: async (s) => (gemeente ? woningprijzen(gemeente, s) : leeg) },
        milieuzone: puntDeel(ndwEmissiezones, (s) => milieuzonesBijPunt(wgs84!, 3, s)),
        lucht: puntDeel(luchtmeetnet, async (s) => {
          const dichtbij = await dichtstbijzijndeStations({ wgs84: wgs84!, rd: rd! }, 1, s);
          const station = dichtbij.data.stations[0];
          if (!station) return { data: null, bronnen: dichtbij.bronnen };
          const metingen = await nieuwsteMetingen(station.nummer, s);
          return { data: { ...station, metingen: metingen.data }, bronnen: [...dichtbij.bronnen, ...metingen.bronnen] };
        }),
        maatregelen: puntDeel(ndwVerkeersmaatregelen, (s) => verkeerRond(wgs84!, VERKEER_STRAAL_M, 5, s)),
        reistijden: puntDeel(ndwReistijden, (s) => reistijdenRond(wgs84!, VERKEER_STRAAL_M, 5, s)),
        subsidies: { source: rvoIsde, run: (s) => subsidieBedragen(s) },
      },
      { budgetMs: ADRES_BUDGET_MS, signal: ctx.signal },
    );

    const gebied = (code: string | null | undefined, naam: string | null | undefined) => ({ code: code ?? null, naam: naam ?? null });
    const kwbGebied = (code: string | null) => {
      const k = code ? results.kwb?.regios.get(code) : undefined;
      return k ? { code: k.code, naam: k.naam, jaar: k.jaar, kenmerken: k.kenmerken.filter((m) => (PROFIEL_TREND as readonly string[]).includes(m.naam)) } : null;
    };
    const bin = results.milieuzone?.zones.filter((z) => z.binnen) ?? [];
    return {
      data: {
        adres: adresKort(adres.data),
        verblijfsobject: results.vbo ?? null,
        bag: results.bag ?? null,
        gebieden: {
          woonplaats_gebied: gebied(l.woonplaats_code, l.woonplaats),
          gemeente: gebied(l.gemeente?.code, l.gemeente?.naam),
          provincie: gebied(l.provincie?.code, l.provincie?.naam),
          wijk: gebied(wijk, l.wijk_naam),
          buurt: gebied(buurt, l.buurt_naam),
          waterschap: gebied(l.waterschap?.code, l.waterschap?.naam),
        },
        woz: results.woz,
        monumenten: results.monumenten,
        perceel: results.perceel ?? null,
        panden: results.panden ?? null,
        kerncijfers: results.kwb ? { buurt: kwbGebied(buurt), wijk: kwbGebied(wijk) } : null,
        woningmarkt: results.prijzen && gemeente ? { gemeente_code: gemeente, tabel: WONINGPRIJZEN_TABEL, reeks: prijsReeks(results.prijzen.regio, 3) } : null,
        milieuzone: results.milieuzone ? { in_zone: bin.length > 0, zones: (bin.length > 0 ? bin : results.milieuzone.zones).map(zoneUitvoer) } : null,
        lucht: results.lucht,
        verkeer: { maatregelen: results.maatregelen?.maatregelen ?? null, reistijden: results.reistijden?.meetpunten ?? null },
        subsidies: results.subsidies ? { opgevraagd_op: results.subsidies.opgevraagd_op, bron_url: results.subsidies.bron_url, maatregelen: results.subsidies.maatregelen } : null,
        links: {
          context: `/v1/adres/${path.postcode}/${path.huisnummer}/context`,
          lucht: `/v1/adres/${path.postcode}/${path.huisnummer}/lucht`,
          subsidies: `/v1/adres/${path.postcode}/${path.huisnummer}/subsidies`,
          dossier: `/v1/pand/${path.postcode}/${path.huisnummer}/dossier`,
          woningtype: `/v1/pand/${path.postcode}/${path.huisnummer}/woningtype`,
          waarde_indicatie: `/v1/pand/${path.postcode}/${path.huisnummer}/waarde-indicatie`,
          ...(buurt ? { buurt: `/v1/regio/${buurt}` } : {}),
        },
      },
      bronnen: [...adres.bronnen, ...bronnen],
    };
  },
});
