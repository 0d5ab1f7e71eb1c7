// GET /v1/charity/instellingen/{id}: the full ANBI decision: name, alias, RSIN, dossier number, place,
// website, validity dates (general and culture) and the status derived against the peildatum. The id is
// the RSIN (also accepted without its leading zeros), or the dossier number for the statutory group
// decisions without RSIN, or for a decision with neither number the id made from its name
// (`naam-staat-der-nederlanden`, lib/registers/charity/parse.ts anbiNameId).
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { Problem } from '@/lib/api/problems';
import { getDb } from '@/lib/db/client';
import { perVersion, registerVersie } from '@/lib/registers/common/version-cache';
import { getCharity } from '@/lib/registers/charity/query';
import { charityBron, manifestOf, manifestRef, peildatumOf, publishedCharity } from './bron';
import { CHARITY_REGISTER } from '@/lib/registers/charity/import';
import { charityLijstItem } from './instellingen';

const instellingId = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe(
    'RSIN (9 cijfers), of het dossiernummer bij de wettelijke groepsbeschikkingen zonder RSIN, of bij een beschikking zonder beide nummers de id uit de naam (naam-…)',
  )
  .meta({ examples: ['847343303'] });

/** The full decision as getCharity (lib/registers/charity/query.ts) returns it: the list item plus the stored fields. */
const anbiInstelling = charityLijstItem
  .extend({
    dossiernummer: z.string().nullable().describe('Dossiernummer van de beschikking'),
    website: z.string().nullable(),
    ingangsdatum_cultuur: z.iso.date().nullable().describe('Ingangsdatum van de culturele ANBI-status (JJJJ-MM-DD)'),
    einddatum_cultuur: z.iso.date().nullable().describe('Einddatum van de culturele ANBI-status (JJJJ-MM-DD)'),
    groepsbeschikking: z.boolean().describe('Een van de wettelijke groepsbeschikkingen zonder RSIN (id = dossiernummer)'),
    extra: z
      .record(z.string(), z.string())
      .meta({ 'x-brontekst': true })
      .describe('Elementen uit het bronbestand die niet op een veld zijn afgebeeld, op hun naam, als tekst zoals de bron ze levert'),
  })
  .meta({ id: 'AnbiInstelling' });

const dossierData = z.object({
  instelling: anbiInstelling.describe(
    'Volledige beschikking: naam, alias, RSIN, dossiernummer, plaats, website, ingangs- en intrekkingsdatum, cultuurdata, afgeleide status',
  ),
  manifest: manifestRef,
});

export const charityInstelling = operation({
  id: 'charity-instelling',
  path: '/v1/charity/instellingen/{id}',
  api: 'charity',
  cache: registerVersie(CHARITY_REGISTER),
  bronType: 'collectiebron',
  summary: 'Volledige ANBI-beschikking met geldigheidsdata en afgeleide status',
  sources: ['belastingdienst-anbi'],
  params: { path: z.object({ id: instellingId }) },
  statuses: [200, 404, 503],
  response: dossierData,
  onderdeel: 'instelling',
  async handle({ path, ctx }) {
    const m = await publishedCharity();
    const db = getDb();
    const pd = peildatumOf(m);
    const { value: d, hit } = await perVersion(m, 'charity-instelling', path, async () => {
      const exact = await getCharity(db, m.import_id, pd, path.id);
      // An RSIN as often written, without its leading zeros.
      if (!exact && /^\d{1,8}$/.test(path.id)) return getCharity(db, m.import_id, pd, path.id.padStart(9, '0'));
      return exact;
    });
    if (!d) throw new Problem('not_found', { detail: `Geen ANBI-beschikking met RSIN, dossiernummer of id ${path.id} op de peildatum.` });
    return { data: { instelling: d, manifest: manifestOf(m) }, bronnen: [charityBron(m, ctx.startedAt, hit)] };
  },
});
