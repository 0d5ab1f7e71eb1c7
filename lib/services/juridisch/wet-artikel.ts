// GET /v1/wet/{bwb_id}/artikelen/{artikel}/relevant: the text of one article from the newest toestand in
// the BWB repository (manifest _latestItem, then the toestand XML), its normalised citation forms, and the
// follow-up steps to case law. The spec declares 200, 400 and 502 only, so an unknown BWB id or an article
// the regulation does not have is a 400 naming the parameter (for the article with the existing numbers).
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { bwbId } from '@/lib/api/params';
import { Problem } from '@/lib/api/problems';
import { regeling } from '@/lib/sources/bwb-repository';
import { findArtikel } from '@/lib/sources/bwb-repository-convert';
import { citatievormen, vervolgstappen, zoekterm } from '@/lib/juridisch/citatie';
import { artikelEndpoint, wetVoorBwbId } from '@/lib/juridisch/wetten';

const artikelParam = z
  .string()
  .trim()
  .regex(/^([0-9]+[A-Za-z]?(:[0-9]+[a-z]{0,4}|[a-z]{0,4}(\.[0-9]+[a-z]{0,4})*)|[IVXLC]{1,8})$/, {
    message: 'artikelnummer zoals 3, 3a, 8:69, 6:162, 5.1 of I',
  })
  .describe('Artikelnummer zoals in de regeling: 3, 3a, 5.1; in een BW-boek boek:artikel (6:162) of alleen het nummer (162)')
  .meta({ examples: ['3', '6:162'] });

export const wetArtikelSchema = z.object({
  bwb_id: z.string(),
  titel: z.string().nullable().describe('Citeertitel van de regeling'),
  intitule: z.string().nullable(),
  soort: z.string().nullable(),
  wetsversie: z.object({
    toestand_datum: z.iso.date().nullable().meta({ format: 'date' }).describe('Datum waarop deze toestand van de regeling geldt'),
    bestand: z.string().describe('Toestandbestand uit het manifest (_latestItem)'),
  }),
  artikel: z.object({
    nummer: z.string(),
    label: z.string().nullable(),
    titel: z.string().nullable(),
    boek: z.string().nullable(),
    structuur: z.array(z.string()).describe('Omliggende delen, buitenste eerst'),
    status: z.string().nullable().describe('Status in het BWB, bijvoorbeeld goed of vervallen'),
    vervallen: z.boolean(),
    inwerking: z.iso.date().nullable().describe('Datum van inwerkingtreding van deze versie van het artikel'),
    leden: z.array(z.object({ nummer: z.string().nullable(), tekst: z.string().nullable() })),
    tekst: z.string().nullable().describe('Tekst van het artikel; null als het geen tekst heeft (vervallen)'),
    verwijzingen: z
      .array(z.object({ tekst: z.string().nullable(), bwb_id: z.string().nullable(), jci: z.string().nullable(), artikel_endpoint: z.string().nullable() }))
      .describe('Verwijzingen naar andere regelingen in de tekst (extref van het BWB), met de operatie voor dat artikel als de verwijzing een artikel noemt'),
  }),
  citatievormen: z.object({
    genormaliseerd: z.string(),
    kort: z.string(),
    voluit: z.string(),
    afkorting: z.string().nullable(),
    jci: z.string().nullable(),
  }),
  wetten_overheid_url: z.string().nullable(),
  vervolgstappen: z.array(
    z.object({
      stap: z.enum(['zoeken_in_uitspraken', 'open_data_feed', 'uitspraak_per_ecli']),
      titel: z.string(),
      url: z.string().nullable(),
      endpoint: z.string().nullable(),
      toelichting: z.string(),
    }),
  ),
});

export type WetArtikel = z.infer<typeof wetArtikelSchema>;

export const wetArtikelRelevant = operation({
  id: 'wet-artikel-relevant',
  path: '/v1/wet/{bwb_id}/artikelen/{artikel}/relevant',
  api: 'juridisch',
  bronType: 'eigen-dienst',
  summary: 'Artikeltekst met genormaliseerde citatievormen en vervolgstappen naar relevante rechtspraak',
  description:
    'Haalt de nieuwste toestand van de regeling uit de BWB-repository van wetten.overheid.nl (manifest, dan toestand-XML) en geeft ' +
    'de tekst van het artikel per lid, de citeertitel, de wetsversie (toestanddatum), citatievormen (genormaliseerd, kort, voluit, ' +
    'met afkorting, JCI) en vervolgstappen: de zoekmachine van rechtspraak.nl met de citatie, de open-datafeed van de Rechtspraak ' +
    '(zonder tekstzoekvraag op artikelnummer) en de operatie die per ECLI de aangehaalde artikelen geeft. In een boek van het BW ' +
    'mag het artikel als 6:162 of 162. Een onbekend BWB-id of artikel geeft 400; bij een onbekend artikel staan de bestaande nummers in het probleem.',
  sources: ['bwb-repository'],
  params: { path: z.object({ bwb_id: bwbId, artikel: artikelParam }) },
  statuses: [200, 400, 502],
  response: wetArtikelSchema,
  onderdeel: 'artikel',
  maxAgeSeconds: 3600,
  async handle({ path, ctx }) {
    const res = await regeling(path.bwb_id, ctx.signal);
    if (!res.data) {
      throw new Problem('invalid_parameter', {
        detail: `Het Basiswettenbestand kent geen regeling ${path.bwb_id}.`,
        invalidParams: [{ name: 'bwb_id', in: 'path', reason: 'onbekend in de BWB-repository' }],
      });
    }
    const { manifest, regeling: reg } = res.data;
    const known = wetVoorBwbId(path.bwb_id);
    const boek = known?.boek?.boek ?? null;
    const art = findArtikel(reg, path.artikel, boek);
    if (!art) {
      const nummers = reg.artikelen.map((a) => a.nummer).filter((n): n is string => n !== null);
      throw new Problem('invalid_parameter', {
        detail: `${reg.citeertitel ?? path.bwb_id} heeft geen artikel ${path.artikel} (toestand ${reg.toestand_datum ?? 'onbekend'}).`,
        invalidParams: [{ name: 'artikel', in: 'path', reason: 'bestaat niet in deze regeling' }],
        extra: { bestaande_artikelen: nummers },
      });
    }
    const artikel = boek && !art.nummer.includes(':') ? `${boek}:${art.nummer}` : art.nummer;
    const titel = reg.citeertitel ?? known?.wet?.titel ?? known?.boek?.titel ?? path.bwb_id;
    const vormen = citatievormen(path.bwb_id, artikel, reg.citeertitel, art.jci);
    const data: WetArtikel = {
      bwb_id: path.bwb_id,
      titel: reg.citeertitel,
      intitule: reg.intitule,
      soort: reg.soort,
      wetsversie: { toestand_datum: reg.toestand_datum, bestand: manifest.latest_item },
      artikel: {
        nummer: art.nummer,
        label: art.label,
        titel: art.titel,
        boek: art.boek,
        structuur: art.structuur,
        status: art.status,
        vervallen: art.status === 'vervallen',
        inwerking: art.inwerking,
        leden: art.leden,
        tekst: art.tekst,
        verwijzingen: art.verwijzingen.map((v) => {
          const nr = v.jci ? /[&?]artikel=([^&]+)/.exec(v.jci)?.[1] : undefined;
          return { ...v, artikel_endpoint: v.bwb_id && nr ? artikelEndpoint(v.bwb_id, decodeURIComponent(nr)) : null };
        }),
      },
      citatievormen: vormen,
      wetten_overheid_url: art.jci ? `https://wetten.overheid.nl/${art.jci}` : `https://wetten.overheid.nl/${path.bwb_id}`,
      vervolgstappen: vervolgstappen(zoekterm(vormen, path.bwb_id, artikel, titel)),
    };
    return { data, bronnen: res.bronnen };
  },
});
