// GET /v1/pand/{postcode}/{huisnummer}/dossier: the building's identifications through the cadastral map
// (the BGT/BAG buildings at the address point), the parcel under the point, the monument status, the
// neighbourhood profile (the buurt's headline figures and its largest deviations from Nederland) and how to
// get the energy label. All parts in parallel; only the address itself is required.
import { z } from 'zod';
import { adresSleutels } from '@/lib/adres/sleutels';
import { operation } from '@/lib/api/operation';
import { huisnummer, postcode } from '@/lib/api/params';
import { zonderPunt } from '@/lib/adres/zonder-punt';
import { gather } from '@/lib/sources/gather';
import { cbsStatline } from '@/lib/sources/cbs-statline';
import { bebouwingOpPunt, brkKadastraleKaart, kadastraalPerceelOpPunt } from '@/lib/sources/brk-kadastrale-kaart';
import { bebouwingMetAfstandSchema, perceelMetAfstandSchema } from '@/lib/sources/brk-kadastrale-kaart-convert';
import { monumentOpAdres, rceMonumenten } from '@/lib/sources/rce-monumenten';
import { monumentSchema } from '@/lib/sources/rce-monumenten-convert';
import { energielabels, epOnline, epOnlineKey } from '@/lib/sources/ep-online';
import { LAND_CODE } from '@/lib/regio/codes';
import { kenmerkSchema, PROFIEL_TREND } from '@/lib/regio/kerncijfers';
import { afwijkingSchema, grootsteAfwijkingen, vergelijkLandelijk } from '@/lib/regio/afwijking';
import { adresKort, adresKortSchema, adresOpHuisnummer } from '@/lib/adres/op-huisnummer';
import { laadRegios } from '@/lib/services/regio/laden';

export const EP_ONLINE_TOEGANG =
  'Energielabels staan in EP-Online (RVO). Raadplegen per adres kan op https://www.ep-online.nl; de API vraagt een gratis ' +
  'sleutel van RVO (in deze dienst: EP_ONLINE_API_KEY). Bulkgegevens mogen niet worden doorgegeven.';

export const pandDossier = operation({
  id: 'pand-dossier',
  path: '/v1/pand/{postcode}/{huisnummer}/dossier',
  api: 'pand',
  bronType: 'eigen-dienst',
  summary: 'Pandidentificaties, perceel, monumentstatus, buurtprofiel en toegang tot het energielabel',
  description:
    'De panden op het adrespunt volgens de Kadastrale kaart (BGT-id en BAG-pand-id), het perceel onder het punt, de ' +
    'monumentstatus (rijksmonumenten van de RCE op het adres), het buurtprofiel (kernkenmerken van de buurt en de vijf grootste ' +
    'afwijkingen van Nederland per richting) en de toegang tot het energielabel (het geregistreerde label als EP_ONLINE_API_KEY is ' +
    'ingesteld, anders hoe het te raadplegen is). Het pad kent geen toevoeging: het adres zonder letter of toevoeging, anders het ' +
    'eerste op het huisnummer. 404 als het adres niet bestaat, 502 als de Locatieserver faalt; valt een andere bron uit, dan is dat ' +
    'deel null en staat de bron als onbeschikbaar in bronnen.',
  sources: ['pdok-locatieserver', 'brk-kadastrale-kaart', 'rce-monumenten', 'cbs-statline', 'ep-online'],
  params: { path: z.object({ postcode, huisnummer }) },
  statuses: [200, 400, 404, 502],
  response: z.object({
    adres: adresKortSchema,
    panden: z.array(bebouwingMetAfstandSchema).nullable().describe('Bebouwing op het adrespunt volgens de Kadastrale kaart'),
    perceel: perceelMetAfstandSchema.nullable().describe('Het perceel onder het adrespunt; null als onbekend of de bron faalde'),
    monumentstatus: z
      .object({ is_rijksmonument: z.boolean(), monumenten: z.array(monumentSchema.extend({ ligging: z.array(z.string()) }).meta({ id: 'RijksmonumentMetLigging' })) })
      .nullable(),
    buurtprofiel: z
      .object({
        code: z.string(),
        naam: z.string().nullable(),
        jaar: z.number().int(),
        tabel: z.string(),
        kernkenmerken: z.array(kenmerkSchema),
        afwijkingen_landelijk: z.object({ hoger: z.array(afwijkingSchema), lager: z.array(afwijkingSchema) }),
        profiel: z.string().describe('Vervolglink naar het volledige regioprofiel'),
      })
      .nullable(),
    energielabel: z.object({
      gevonden: z.boolean().describe('true als het label uit EP-Online is gelezen'),
      klasse: z.string().nullable(),
      registratiedatum: z.iso.date().nullable(),
      // format also on the nullable itself: the API Design Rules want it on a *_datum property, not inside anyOf
      geldig_tot_datum: z.iso.date().nullable().meta({ format: 'date', description: 'Laatste geldigheidsdag van het energielabel (JJJJ-MM-DD)' }),
      gebouwtype: z.string().nullable(),
      toegang: z.string(),
    }),
  }),
  onderdeel: 'dossier',
  maxAgeSeconds: 300,
  async handle({ path, ctx }) {
    const adres = await adresOpHuisnummer(path.postcode, path.huisnummer, ctx.signal);
    const l = adres.data.locatie;
    const rd = l.coordinaten.rd;
    const { vbo, buurt } = adresSleutels(l);
    const leeg = { data: null, bronnen: [] };
    const { results, bronnen } = await gather(
      {
        // Without a coordinate these parts are null and their source 'onbeschikbaar' (geen_coordinaat).
        panden: { source: brkKadastraleKaart, run: async (s) => (rd ? bebouwingOpPunt(rd, s) : zonderPunt(brkKadastraleKaart)) },
        perceel: { source: brkKadastraleKaart, run: async (s) => (rd ? kadastraalPerceelOpPunt(rd, s) : zonderPunt(brkKadastraleKaart)) },
        monumenten: { source: rceMonumenten, run: async (s) => (rd ? monumentOpAdres(rd, s) : zonderPunt(rceMonumenten)) },
        buurt: { source: cbsStatline, run: async (s) => (buurt ? laadRegios([buurt, LAND_CODE], undefined, s) : leeg) },
        labels: { source: epOnline, run: async (s) => (vbo ? energielabels(vbo, s) : leeg) },
      },
      { budgetMs: 6000, signal: ctx.signal },
    );
    const b = buurt ? results.buurt?.regios.get(buurt) : undefined;
    const nl = results.buurt?.regios.get(LAND_CODE);
    const label = results.labels?.[0] ?? null;
    return {
      data: {
        adres: adresKort(adres.data),
        panden: results.panden ?? null,
        perceel: results.perceel ?? null,
        monumentstatus: results.monumenten ? { is_rijksmonument: results.monumenten.length > 0, monumenten: results.monumenten } : null,
        buurtprofiel:
          b && nl
            ? {
                code: b.code,
                naam: b.naam,
                jaar: b.jaar,
                tabel: b.tabel,
                kernkenmerken: b.kenmerken.filter((k) => (PROFIEL_TREND as readonly string[]).includes(k.naam)),
                afwijkingen_landelijk: grootsteAfwijkingen(vergelijkLandelijk(b, nl).vergelijkbaar, 5),
                profiel: `/v1/regio/${b.code}`,
              }
            : null,
        energielabel: {
          gevonden: Boolean(label),
          klasse: label?.klasse ?? null,
          registratiedatum: label?.registratiedatum ?? null,
          geldig_tot_datum: label?.geldig_tot ?? null,
          gebouwtype: label?.gebouwtype ?? null,
          toegang: epOnlineKey() ? (label ? 'Gelezen uit EP-Online (RVO).' : `Geen label gevonden in EP-Online voor dit verblijfsobject. ${EP_ONLINE_TOEGANG}`) : EP_ONLINE_TOEGANG,
        },
      },
      bronnen: [...adres.bronnen, ...bronnen],
    };
  },
});
