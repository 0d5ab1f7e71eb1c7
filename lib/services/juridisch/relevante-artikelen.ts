// GET /v1/rechtspraak/{ecli}/relevante-artikelen: the ruling from the Rechtspraak open-data service, and
// the law articles its text cites (extracted, grouped by normalised citation, each with bwb_id and the
// endpoint of the article), plus the references the Rechtspraak recorded in the metadata itself.
// An ECLI the Rechtspraak does not know is a 400 naming `ecli`: the spec declares 200, 400 and 502 only.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { ecli } from '@/lib/api/params';
import { Problem } from '@/lib/api/problems';
import { uitspraak } from '@/lib/sources/rechtspraak';
import { extractWetsverwijzingen } from '@/lib/juridisch/extract';
import { artikelEndpoint } from '@/lib/juridisch/wetten';

const vindplaats = z.object({
  onderdeel: z.string().describe('inhoudsindicatie, uitspraak of conclusie'),
  positie: z.number().int().describe('Tekenpositie in de tekst van dat onderdeel'),
  tekst: z.string().describe('De verwijzing zoals geschreven'),
}).meta({ id: 'Vindplaats' });

export const relevanteArtikelenSchema = z.object({
  ecli: z.string(),
  soort: z.enum(['uitspraak', 'conclusie']).nullable().describe('Welke tekst het document bevat; null = alleen metadata, geen tekst gepubliceerd'),
  type: z.string().nullable(),
  instantie: z.string().nullable(),
  datum: z.iso.date().nullable().meta({ format: 'date' }).describe('Datum van de uitspraak of conclusie'),
  publicatiedatum: z.iso.date().nullable(),
  zaaknummers: z.array(z.string()),
  rechtsgebieden: z.array(z.string()),
  deeplink: z.string().nullable(),
  tekst_beschikbaar: z.boolean(),
  artikelen: z
    .array(
      z.object({
        citatie: z.string().describe('Genormaliseerde citatie, bijvoorbeeld "artikel 6:162 lid 1 BW"'),
        wet: z.string(),
        bwb_id: z.string(),
        artikelnummer: z.string().describe('Nummer van het artikel, bijvoorbeeld 6:162 of 16'),
        lid: z.string().nullable(),
        onder: z.string().nullable(),
        artikel_endpoint: z.string().nullable().describe('/v1/wet/{bwb_id}/artikelen/{artikel}/relevant; null voor een verdrag (BWBV-id)'),
        aantal: z.number().int(),
        vindplaatsen: z.array(vindplaats),
      }),
    )
    .describe('Wetsartikelen uit de tekst, in volgorde van eerste vermelding'),
  niet_herkend: z
    .array(z.object({ tekst: z.string(), soort: z.enum(['afkorting', 'wetsnaam', 'bw_boek']), aantal: z.number().int(), vindplaatsen: z.array(vindplaats) }))
    .describe('Verwijzingen naar een wet die de tabel niet kent of niet eenduidig kan toewijzen (Ow bij een artikelnummer zonder punt): gemeld, niet geraden'),
  wetsverwijzingen_metadata: z
    .array(z.object({ titel: z.string().nullable(), bwb_id: z.string().nullable(), artikelnummer: z.string().nullable(), artikel_endpoint: z.string().nullable() }))
    .describe('Wetsverwijzingen die de Rechtspraak zelf in de metadata heeft vastgelegd'),
});

export type RelevanteArtikelen = z.infer<typeof relevanteArtikelenSchema>;

export const rechtspraakRelevanteArtikelen = operation({
  id: 'rechtspraak-relevante-artikelen',
  path: '/v1/rechtspraak/{ecli}/relevante-artikelen',
  api: 'juridisch',
  bronType: 'eigen-dienst',
  summary: 'Wetsartikelen die in een uitspraak worden aangehaald, elk met citatie, bwb_id en artikel_endpoint',
  description:
    'Haalt de uitspraak of conclusie op bij de open data van de Rechtspraak en zoekt in de inhoudsindicatie en de tekst naar ' +
    'wetsartikelen: het Burgerlijk Wetboek (boek:artikel, bijvoorbeeld "art. 6:162 lid 1 BW") en wetten uit een vaste tabel, ' +
    'op afkorting of naam ("art. 8:69 Awb", "artikel 3 van de Drank- en Horecawet", "artikel 13 Grondwet"), met lid, onder/sub, ' +
    'reeksen en opsommingen. Elke vermelding krijgt een genormaliseerde citatie, het BWB-id en de operatie voor de artikeltekst. ' +
    'Afkortingen en wetsnamen die de tabel niet kent, staan apart onder niet_herkend. Een ECLI die de Rechtspraak niet kent, geeft 400.',
  sources: ['rechtspraak'],
  params: { path: z.object({ ecli }) },
  statuses: [200, 400, 502],
  response: relevanteArtikelenSchema,
  onderdeel: 'relevante-artikelen',
  maxAgeSeconds: 3600,
  async handle({ path, ctx }) {
    const res = await uitspraak(path.ecli, ctx.signal);
    const u = res.data;
    if (!u) {
      throw new Problem('invalid_parameter', {
        detail: `De Rechtspraak kent geen gepubliceerde uitspraak met ECLI ${path.ecli}.`,
        invalidParams: [{ name: 'ecli', in: 'path', reason: 'onbekend bij de open data van de Rechtspraak' }],
      });
    }
    const extractie = extractWetsverwijzingen(u.secties);
    const data: RelevanteArtikelen = {
      ecli: u.ecli ?? path.ecli,
      soort: u.soort,
      type: u.type,
      instantie: u.instantie,
      datum: u.datum,
      publicatiedatum: u.publicatiedatum,
      zaaknummers: u.zaaknummers,
      rechtsgebieden: u.rechtsgebieden,
      deeplink: u.deeplink,
      tekst_beschikbaar: u.secties.length > 0,
      artikelen: extractie.verwijzingen.map((v) => ({
        citatie: v.citatie,
        wet: v.wet,
        bwb_id: v.bwb_id,
        artikelnummer: v.artikel,
        lid: v.lid,
        onder: v.onder,
        artikel_endpoint: v.artikel_endpoint,
        aantal: v.aantal,
        vindplaatsen: v.vindplaatsen,
      })),
      niet_herkend: extractie.niet_herkend,
      wetsverwijzingen_metadata: u.wetsverwijzingen.map(({ artikel, ...w }) => ({ titel: w.titel, bwb_id: w.bwb_id, artikelnummer: artikel, artikel_endpoint: artikel && w.bwb_id ? artikelEndpoint(w.bwb_id, artikel) : null })),
    };
    return { data, bronnen: res.bronnen };
  },
});
