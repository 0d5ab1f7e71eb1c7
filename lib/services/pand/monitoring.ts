// GET /v1/monitoring/pand/{postcode}/{huisnummer}: every change-sensitive fact around an address, grouped by
// source, each group with one hash (lib/regio/hash.ts): keep the hashes, ask again later and compare. The
// same data always gives the same hash; any changed value gives another. A source that fails has data and
// hash null and is 'onbeschikbaar' in bronnen (its hash must not be compared then).
import { z } from 'zod';
import { adresSleutels } from '@/lib/adres/sleutels';
import { operation } from '@/lib/api/operation';
import { huisnummer, postcode } from '@/lib/api/params';
import { zonderPunt } from '@/lib/adres/zonder-punt';
import { gather } from '@/lib/sources/gather';
import { bagOgc, verblijfsobject } from '@/lib/sources/bag-ogc';
import { bebouwingOpPunt, brkKadastraleKaart, kadastraalPerceelOpPunt } from '@/lib/sources/brk-kadastrale-kaart';
import { monumentOpAdres, rceMonumenten } from '@/lib/sources/rce-monumenten';
import { cbsStatline } from '@/lib/sources/cbs-statline';
import { energielabels, epOnline } from '@/lib/sources/ep-online';
import { wozWaardeloket } from '@/lib/sources/woz-waardeloket';
import { wozVoorAdres } from '@/lib/pand/woz';
import { bronHash } from '@/lib/regio/hash';
import { adresKortSchema, adresOpHuisnummer, adresKort } from '@/lib/adres/op-huisnummer';
import { laadRegios } from '@/lib/services/regio/laden';

export const CANONICALISATIE_PAND =
  'hash = "sha256:" + SHA-256 (hex) van de canonieke JSON van de gegevens van die bron (het veld data van de groep): ' +
  'objectsleutels gesorteerd op codepunt (recursief), volgorde van lijsten behouden (zoals de bron ze levert, afstanden ' +
  'oplopend), geen witruimte, getallen in de kortste vorm die exact terugleest, null behouden. Ophaaltijden, duur en ' +
  'cachevlaggen tellen niet mee. Een groep met status onbeschikbaar heeft hash null: vergelijk die niet.';

const GROEPEN = ['adres', 'verblijfsobject', 'woz', 'energielabels', 'perceel', 'panden', 'monumenten', 'buurt'] as const;
type Groep = (typeof GROEPEN)[number];

const groepSchema = z.object({
  bron: z.string().describe('Bron van deze gegevens'),
  status: z.enum(['ok', 'onbeschikbaar', 'geen_gegevens']),
  hash: z.string().nullable(),
  gegevens: z.unknown().describe('De gegevens van deze bron zoals gehasht (object, lijst of null)'),
});

export const monitoringPand = operation({
  id: 'monitoring-pand',
  path: '/v1/monitoring/pand/{postcode}/{huisnummer}',
  api: 'monitoring',
  bronType: 'eigen-dienst',
  summary: 'Alle wijzigingsgevoelige gegevens rond een adres met één hash per bron',
  description:
    'Per bron de gegevens die kunnen veranderen, met een hash voor pull-monitoring: adres (Locatieserver), verblijfsobject (BAG), ' +
    'WOZ-waarden (WOZ-waardeloket), energielabels (EP-Online, met sleutel), perceel en panden op het adrespunt (Kadastrale kaart), ' +
    `rijksmonumenten (RCE) en de kerncijfers van de buurt (CBS). Canonicalisatie: ${CANONICALISATIE_PAND} Het pad kent geen ` +
    'toevoeging: het adres zonder letter of toevoeging, anders het eerste op het huisnummer. 404 als het adres niet bestaat; 502 als ' +
    'de Locatieserver faalt.',
  sources: ['pdok-locatieserver', 'bag-ogc', 'woz-waardeloket', 'ep-online', 'brk-kadastrale-kaart', 'rce-monumenten', 'cbs-statline'],
  params: { path: z.object({ postcode, huisnummer }) },
  statuses: [200, 400, 404, 502],
  response: z.object({
    adres: adresKortSchema,
    hashes: z.record(z.string(), z.string().nullable()).describe('Per groep de hash (null: onbeschikbaar)'),
    groepen: z.record(z.string(), groepSchema),
    canonicalisatie: z.string(),
  }),
  onderdeel: 'monitoring',
  maxAgeSeconds: 0,
  async handle({ path, ctx }) {
    const adres = await adresOpHuisnummer(path.postcode, path.huisnummer, ctx.signal);
    const l = adres.data.locatie;
    const rd = l.coordinaten.rd;
    const { vbo, buurt } = adresSleutels(l);
    const leeg = { data: null, bronnen: [] };
    const { results, bronnen } = await gather(
      {
        verblijfsobject: { source: bagOgc, run: async (s) => (vbo ? verblijfsobject(vbo, s) : leeg) },
        woz: { source: wozWaardeloket, run: (s) => wozVoorAdres(l, s) },
        energielabels: { source: epOnline, run: async (s) => (vbo ? energielabels(vbo, s) : leeg) },
        // Without a coordinate these parts are not asked and their source is 'onbeschikbaar' (geen_coordinaat), so is their group.
        perceel: { source: brkKadastraleKaart, run: async (s) => (rd ? kadastraalPerceelOpPunt(rd, s) : zonderPunt(brkKadastraleKaart)) },
        panden: { source: brkKadastraleKaart, run: async (s) => (rd ? bebouwingOpPunt(rd, s) : zonderPunt(brkKadastraleKaart)) },
        monumenten: { source: rceMonumenten, run: async (s) => (rd ? monumentOpAdres(rd, s) : zonderPunt(rceMonumenten)) },
        buurt: { source: cbsStatline, run: async (s) => (buurt ? laadRegios([buurt], undefined, s) : leeg) },
      },
      { budgetMs: 6000, signal: ctx.signal },
    );
    const failed = new Set(bronnen.filter((b) => b.status === 'onbeschikbaar').map((b) => b.bron));
    const b = buurt ? results.buurt?.regios.get(buurt) : undefined;
    const data: Record<Groep, { bron: string; waarde: unknown; gevraagd: boolean }> = {
      adres: { bron: 'pdok-locatieserver', waarde: adresKort(adres.data), gevraagd: true },
      verblijfsobject: { bron: 'bag-ogc', waarde: results.verblijfsobject, gevraagd: Boolean(vbo) },
      // The WOZ object's own status says whether the loket answered.
      woz: { bron: 'woz-waardeloket', waarde: results.woz?.status === 'onbeschikbaar' ? null : results.woz, gevraagd: true },
      energielabels: { bron: 'ep-online', waarde: results.energielabels, gevraagd: Boolean(vbo) },
      perceel: { bron: 'brk-kadastrale-kaart', waarde: results.perceel ?? null, gevraagd: Boolean(rd) },
      panden: { bron: 'brk-kadastrale-kaart', waarde: results.panden ?? null, gevraagd: Boolean(rd) },
      monumenten: { bron: 'rce-monumenten', waarde: results.monumenten, gevraagd: Boolean(rd) },
      buurt: { bron: 'cbs-statline', waarde: b ? { code: b.code, tabel: b.tabel, jaar: b.jaar, kenmerken: b.kenmerken } : null, gevraagd: Boolean(buurt) },
    };
    const groepen = Object.fromEntries(
      GROEPEN.map((g) => {
        const { bron, waarde, gevraagd } = data[g];
        const onbeschikbaar = (g === 'woz' && results.woz?.status === 'onbeschikbaar') || (failed.has(bron) && waarde === null);
        const status = onbeschikbaar ? 'onbeschikbaar' : !gevraagd ? 'geen_gegevens' : 'ok';
        return [g, { bron, status, hash: status === 'onbeschikbaar' ? null : bronHash(waarde ?? null), gegevens: waarde ?? null }];
      }),
    );
    return {
      data: {
        adres: adresKort(adres.data),
        hashes: Object.fromEntries(GROEPEN.map((g) => [g, groepen[g].hash])),
        groepen,
        canonicalisatie: CANONICALISATIE_PAND,
      },
      bronnen: [...adres.bronnen, ...bronnen],
    };
  },
});
