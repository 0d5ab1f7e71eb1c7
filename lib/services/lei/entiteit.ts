// GET /v1/lei/entiteiten/{lei}: the full record of one Dutch LEI entity with dates, statuses, the
// managing LOU, its consolidation parents and children, and the source record.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { Problem } from '@/lib/api/problems';
import { getDb } from '@/lib/db/client';
import { perVersion, registerVersie } from '@/lib/registers/common/version-cache';
import { getLeiDossier } from '@/lib/registers/lei/query';
import { leiBron, manifestOf, manifestRef, publishedLei } from './bron';
import { LEI_REGISTER } from '@/lib/registers/lei/import';
import { leiItem } from './entiteiten';

export const leiCode = z
  .string()
  .regex(/^[A-Z0-9]{20}$/, { message: 'LEI is twintig hoofdletters of cijfers' })
  .describe('Legal Entity Identifier (ISO 17442): 20 hoofdletters of cijfers')
  .meta({ examples: ['549300MSGZDTG003DC83'] });

const tijdstip = z.iso.datetime({ offset: true });

/** One period of a consolidation relationship (GLEIF RelationshipPeriod). */
const leiRelatiePeriode = z
  .object({
    begin: tijdstip.nullable().describe('GLEIF StartDate van de periode'),
    eind: tijdstip.nullable().describe('GLEIF EndDate van de periode'),
    type: z.string().nullable().describe('GLEIF PeriodType: ACCOUNTING_PERIOD, RELATIONSHIP_PERIOD, ...'),
  })
  .meta({ id: 'LeiRelatiePeriode' });

/** A parent or child of the entity, as getLeiDossier (lib/registers/lei/query.ts) reads it. */
const leiRelatie = z
  .object({
    lei: z.string().describe('LEI van de moeder (bij ouders) of de dochter (bij dochters)'),
    naam: z.string().nullable().describe('Naam van die entiteit; null als ze niet onder de Nederlandse entiteiten valt'),
    type: z.string().describe('IS_DIRECTLY_CONSOLIDATED_BY of IS_ULTIMATELY_CONSOLIDATED_BY'),
    status: z.string().nullable().describe('GLEIF RelationshipStatus: ACTIVE of INACTIVE'),
    perioden: z.array(leiRelatiePeriode),
  })
  .meta({ id: 'LeiRelatie' });

/** The full record as getLeiDossier returns it: the KvK-lookup item plus every stored field. */
const leiEntiteitSchema = leiItem
  .extend({
    andere_namen: z.array(z.string()),
    land: z.string().nullable().describe('Land van het juridische adres (ISO 3166-1 alpha-2)'),
    postcode: z.string().nullable(),
    adresregel: z.string().nullable().describe('Adresregels van het juridische adres, als één tekst'),
    jurisdictie: z.string().nullable(),
    rechtsvorm_code: z.string().nullable().describe('ELF-code (ISO 20275)'),
    categorie: z.string().nullable().describe('GLEIF EntityCategory: GENERAL, FUND, BRANCH, ...'),
    registratie_autoriteit: z.string().nullable().describe('GLEIF RA-code van het register (RA000463 is de KvK)'),
    registratie_nummer: z.string().nullable().describe('Nummer in dat register'),
    oprichtingsdatum: z.iso.date().nullable().describe('Oprichtingsdatum (JJJJ-MM-DD)'),
    eerste_registratie: tijdstip.nullable().describe('Eerste LEI-registratie (ISO 8601, UTC)'),
    laatste_wijziging: tijdstip.nullable().describe('Laatste wijziging van het LEI-record (ISO 8601, UTC)'),
    volgende_verlenging: tijdstip.nullable().describe('Volgende verlenging (ISO 8601, UTC)'),
    beheerder_lou: z.string().nullable().describe('LEI van de beherende uitgevende instantie (LOU)'),
    consolidatie: z.object({
      ouders: z.array(leiRelatie).describe('Entiteiten waardoor deze geconsolideerd wordt'),
      dochters: z.array(leiRelatie).describe('Entiteiten die deze consolideert'),
    }),
    bronrecord: z
      .record(z.string(), z.string())
      .meta({ 'x-brontekst': true })
      .describe('Elk niet-leeg veld van het bronrecord onder zijn GLEIF-pad, als tekst zoals GLEIF het levert (niet omgezet; de omgezette waarden staan in de velden hierboven)'),
  })
  .meta({ id: 'LeiEntiteit' });

const dossierData = z.object({
  entiteit: leiEntiteitSchema.describe('Volledig LEI-record: namen, adres, KvK-nummer, rechtsvorm, statussen, data, beherende LOU, consolidatierelaties (consolidatie), bronrecord'),
  manifest: manifestRef,
});

export const leiEntiteit = operation({
  id: 'lei-entiteit',
  path: '/v1/lei/entiteiten/{lei}',
  api: 'lei',
  cache: registerVersie(LEI_REGISTER),
  bronType: 'collectiebron',
  summary: 'Volledig LEI-record met data, statussen en beherende uitgevende instantie',
  sources: ['gleif-golden-copy'],
  params: { path: z.object({ lei: leiCode }) },
  statuses: [200, 400, 404, 503],
  response: dossierData,
  onderdeel: 'entiteit',
  async handle({ path, ctx }) {
    const m = await publishedLei();
    const { value: d, hit } = await perVersion(m, 'lei-entiteit', path, () => getLeiDossier(getDb(), m.import_id, path.lei));
    if (!d) throw new Problem('not_found', { detail: `LEI ${path.lei} komt niet voor onder de Nederlandse entiteiten van de peildatum.` });
    const { adres, ...rest } = d;
    return { data: { entiteit: { ...rest, adresregel: adres }, manifest: manifestOf(m) }, bronnen: [leiBron(m, ctx.startedAt, hit)] };
  },
});
