// GET /v1/fsp/instellingen/{id}: the full dossier of one financial service provider: company data (KvK,
// legal form, statutory seat), trade names with their start dates, addresses, and every licence with its
// products and services (each service with its own period and status against the peildatum). Incoming
// passport, home member state, complaints institute and policy determiners are null: the AFM export does
// not carry them.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { Problem } from '@/lib/api/problems';
import { getDb } from '@/lib/db/client';
import { perVersion, registerVersie } from '@/lib/registers/common/version-cache';
import { getFspDossier } from '@/lib/registers/fsp/query';
import { afmRegister } from '@/lib/sources/afm';
import { fspBron, manifestOf, manifestRef, peildatumOf, publishedFsp } from './bron';
import { FSP_REGISTER } from '@/lib/registers/fsp/import';

export const fspId = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,64}$/, { message: 'id is 1 tot 64 letters, cijfers of streepjes' })
  .describe("Id van de instelling: het AFM-id, of 'afm-' + 16 hextekens (afgeleid van naam, plaats en land) als de export geen id heeft")
  .meta({ examples: ['a44d1362-a70b-4f27-853b-a515aaa78c33'] });

const geldigheid = z.enum(['geldig', 'beëindigd']).describe('geldig: geen einddatum of een einddatum op/na de peildatum');

/** A product of a licence with its services, each with its own period and status. */
export const fspProductSchema = z.object({
  product: z.string().nullable().describe('Financieel product, bijvoorbeeld Hypothecair krediet'),
  diensten: z.array(z.string()).describe('Namen van de diensten bij dit product (ook beëindigde), bijvoorbeeld Adviseren, Bemiddelen'),
  perioden: z
    .array(
      z.object({
        dienst: z.string(),
        ingangsdatum: z.iso.date().nullable().describe('JJJJ-MM-DD'),
        einddatum: z.iso.date().nullable().describe('JJJJ-MM-DD'),
        status: geldigheid,
      }),
    )
    .describe('Elke dienst met zijn eigen periode en status tegen de peildatum (leeg bij een versie zonder dienstperioden)'),
}).meta({ id: 'FspProduct' });

const adres = z.object({ adresregel: z.string().nullable().describe('Straat en huisnummer, als één tekst'), postcode: z.string().nullable(), plaats: z.string().nullable(), land: z.string().nullable() });

const dossier = z.object({
  id: z.string(),
  id_afgeleid: z.boolean().describe('true: de export had geen id; het id is afgeleid van naam, plaats en land'),
  naam: z.string().describe('Statutaire naam'),
  handelsnamen: z.array(z.string()),
  handelsnamen_perioden: z
    .array(z.object({ naam: z.string(), ingangsdatum: z.iso.date().nullable().describe('JJJJ-MM-DD') }))
    .describe('Handelsnamen met hun startdatum (volledige export; leeg bij een namenlijst)'),
  statutaire_zetel: z.string().nullable().describe('Plaats van de statutaire zetel'),
  rechtsvorm: z.string().nullable(),
  kvk_nummer: z.string().nullable(),
  adresregel: z.string().nullable().describe('Straat en huisnummer van het vestigingsadres, als één tekst'),
  postcode: z.string().nullable(),
  plaats: z.string().nullable(),
  land: z.string().nullable(),
  adressen: z.array(adres).describe('Alle verschillende adressen uit de export'),
  ep: z.boolean().nullable().describe('Inkomend Europees paspoort; null: de AFM-export vermeldt het niet'),
  lidstaat_herkomst: z.string().nullable().describe('Lidstaat van herkomst bij een inkomend paspoort; null: de AFM-export vermeldt het niet'),
  klachteninstituut: z.string().nullable().describe('Aansluiting bij een klachteninstituut; null: de AFM-export vermeldt het niet'),
  beleidsbepalers: z.array(z.string()).nullable().describe('Beleidsbepalers; null: de AFM-export vermeldt ze niet'),
  aantal_vergunningen: z.number().int(),
  vergunningen: z.array(
    z.object({
      vergunningnummer: z.string(),
      ingangsdatum: z.iso.date().nullable().describe('JJJJ-MM-DD'),
      einddatum: z.iso.date().nullable().describe('JJJJ-MM-DD'),
      status: geldigheid,
      producten: z.array(fspProductSchema),
    }),
  ),
  extra: z.record(z.string(), z.string()).describe('Gegevens van de export zonder vaste plek'),
});

const dossierData = z.object({ instelling: dossier, manifest: manifestRef });

export const fspInstelling = operation({
  id: 'fsp-instelling',
  path: '/v1/fsp/instellingen/{id}',
  api: 'fsp',
  cache: registerVersie(FSP_REGISTER),
  bronType: 'collectiebron',
  summary: 'Volledig dossier van een financiële dienstverlener: handelsnamen, adressen, paspoort, vergunningen en beleidsbepalers',
  description:
    'Uit de volledige AFM-export: KvK-nummer, rechtsvorm, statutaire zetel, handelsnamen met startdatum, vestigingsadres en elke vergunning ' +
    'met producten en diensten, elke dienst met eigen periode en status tegen de peildatum. De AFM-export vermeldt geen inkomend paspoort, ' +
    'lidstaat van herkomst, klachteninstituut of beleidsbepalers: die velden zijn null. Op een namenlijst ontbreken KvK-nummer, adres en vergunningen (zie manifest.opmerking).',
  sources: [afmRegister.id],
  params: { path: z.object({ id: fspId }) },
  statuses: [200, 404, 503],
  response: dossierData,
  onderdeel: 'instelling',
  async handle({ path, ctx }) {
    const m = await publishedFsp();
    const { value: d, hit } = await perVersion(m, 'fsp-instelling', path, () => getFspDossier(getDb(), m.import_id, peildatumOf(m), path.id));
    if (!d) throw new Problem('not_found', { detail: `Geen financiële dienstverlener met id ${path.id} in het AFM-register van de peildatum.` });
    const { adres, adressen, ...rest } = d;
    const instelling = { ...rest, adresregel: adres, adressen: adressen.map(({ adres: regel, ...a }) => ({ adresregel: regel, ...a })) };
    return { data: { instelling, manifest: manifestOf(m) }, bronnen: [fspBron(m, ctx.startedAt, hit)] };
  },
});
