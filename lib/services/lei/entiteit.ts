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

export const leiCode = z
  .string()
  .regex(/^[A-Z0-9]{20}$/, { message: 'LEI is twintig hoofdletters of cijfers' })
  .describe('Legal Entity Identifier (ISO 17442): 20 hoofdletters of cijfers')
  .meta({ examples: ['549300MSGZDTG003DC83'] });

const dossierData = z.object({
  entiteit: z.record(z.string(), z.unknown()).describe('Volledig LEI-record: namen, adres, KvK-nummer, rechtsvorm, statussen, data, beherende LOU, relaties, bronrecord'),
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
    return { data: { entiteit: d, manifest: manifestOf(m) }, bronnen: [leiBron(m, ctx.startedAt, hit)] };
  },
});
