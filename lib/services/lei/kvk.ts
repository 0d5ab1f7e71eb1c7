// GET /v1/lei/kvk/{kvk_nummer}: all LEI records (active and inactive) registered under one KvK number.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { kvkNummer } from '@/lib/api/params';
import { getDb } from '@/lib/db/client';
import { perVersion, registerVersie } from '@/lib/registers/common/version-cache';
import { leiByKvk } from '@/lib/registers/lei/query';
import { leiBron, manifestOf, manifestRef, publishedLei } from './bron';
import { leiItem } from './entiteiten';
import { LEI_REGISTER } from '@/lib/registers/lei/import';

const kvkData = z.object({
  kvk_nummer: z.string(),
  aantal: z.number().int(),
  entiteiten: z.array(leiItem).describe('Alle LEI-records bij dit KvK-nummer; leeg als er geen zijn'),
  manifest: manifestRef,
});

export const leiKvk = operation({
  id: 'lei-kvk',
  path: '/v1/lei/kvk/{kvk_nummer}',
  api: 'lei',
  cache: registerVersie(LEI_REGISTER),
  bronType: 'collectiebron',
  summary: 'Alle LEI-records (actief en historisch) bij één KvK-nummer',
  description: 'Een KvK-nummer zonder LEI geeft 200 met een lege lijst (het nummer is geldig, er is alleen geen LEI).',
  sources: ['gleif-golden-copy'],
  params: { path: z.object({ kvk_nummer: kvkNummer }) },
  statuses: [200, 400, 503],
  response: kvkData,
  onderdeel: 'kvk',
  async handle({ path, ctx }) {
    const m = await publishedLei();
    const { value: items, hit } = await perVersion(m, 'lei-kvk', path, () => leiByKvk(getDb(), m.import_id, path.kvk_nummer));
    return {
      data: { kvk_nummer: path.kvk_nummer, aantal: items.length, entiteiten: items, manifest: manifestOf(m) },
      bronnen: [leiBron(m, ctx.startedAt, hit)],
    };
  },
});
