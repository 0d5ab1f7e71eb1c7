// GET /v1/adres/{postcode}/{huisnummer}/subsidies: the current national sustainability-subsidy amounts
// per measure (ISDE for home owners, read from RVO's page, cached 24 hours) with follow-up links, for an
// address that must exist (PDOK Locatieserver; 404 otherwise). The amounts are national: they do not
// depend on the address; the address block only confirms which address was asked. opgevraagd_op is when
// the RVO page was read. Deviation: the spec declares 200, 400, 404; when RVO cannot be read we answer a
// 502 problem naming the source (rvo-isde) rather than a 200 without amounts.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { huisnummer, postcode } from '@/lib/api/params';
import { subsidieBedragen } from '@/lib/sources/rvo-isde';
import { maatregelSchema } from '@/lib/sources/rvo-isde-convert';
import { adresKort, adresKortSchema, adresOpHuisnummer } from '@/lib/adres/op-huisnummer';

export const subsidiesSchema = z.object({
  adres: adresKortSchema,
  opgevraagd_op: z.iso.datetime({ offset: true }).describe('Tijdstip (ISO 8601) waarop de landelijke bedragen bij RVO zijn opgevraagd (de pagina wordt 24 uur bewaard)'),
  bron_url: z.string().describe('Pagina van RVO waar de bedragen vandaan komen'),
  bedragen_landelijk: z.literal(true).describe('De bedragen zijn landelijk: ze hangen niet af van het adres'),
  maatregelen: z.array(maatregelSchema),
  toelichting: z.string(),
});
export type Subsidies = z.infer<typeof subsidiesSchema>;

const TOELICHTING =
  'Landelijke subsidiebedragen voor woningeigenaren (ISDE), zoals RVO ze op zijn website publiceert; er is geen API. ' +
  'Voorwaarden zijn ingekort: lees vóór een aanvraag de pagina van de maatregel. Gemeentelijke regelingen en leningen ' +
  '(bijvoorbeeld van het Nationaal Warmtefonds) staan hier niet in.';

export const adresSubsidies = operation({
  id: 'adres-subsidies',
  path: '/v1/adres/{postcode}/{huisnummer}/subsidies',
  api: 'adres',
  bronType: 'eigen-dienst',
  summary: 'Actuele landelijke verduurzamingssubsidies per maatregel met vervolglinks',
  description:
    'Landelijke subsidiebedragen per maatregel (ISDE: isolatie van dak, zolder, gevel, spouw, vloer en bodem, HR++- en triple glas, ' +
    'warmtepompen, zonneboiler, aansluiting op een warmtenet), met bedrag of bedrag per eenheid, bedrag bij twee of meer maatregelen, ' +
    'korte voorwaarden en links naar RVO. Het adres moet bestaan (anders 404). opgevraagd_op geeft het tijdstip waarop de bedragen bij ' +
    'RVO zijn opgevraagd (24 uur bewaard). Als RVO niet gelezen kan worden: 502 (afwijking van de spec, die 502 niet noemt).',
  sources: ['pdok-locatieserver', 'rvo-isde'],
  params: { path: z.object({ postcode, huisnummer }) },
  statuses: [200, 400, 404, 502],
  response: subsidiesSchema,
  onderdeel: 'subsidies',
  maxAgeSeconds: 3600,
  async handle({ path, ctx }) {
    const [adres, bedragen] = await Promise.allSettled([
      adresOpHuisnummer(path.postcode, path.huisnummer, ctx.signal),
      subsidieBedragen(ctx.signal),
    ]);
    // The address decides first: an unknown address is a 404 even when RVO is down.
    if (adres.status === 'rejected') throw adres.reason;
    if (bedragen.status === 'rejected') throw bedragen.reason;
    const data: Subsidies = {
      adres: adresKort(adres.value.data),
      opgevraagd_op: bedragen.value.data.opgevraagd_op,
      bron_url: bedragen.value.data.bron_url,
      bedragen_landelijk: true,
      maatregelen: bedragen.value.data.maatregelen,
      toelichting: TOELICHTING,
    };
    return { data, bronnen: [...adres.value.bronnen, ...bedragen.value.bronnen] };
  },
});
