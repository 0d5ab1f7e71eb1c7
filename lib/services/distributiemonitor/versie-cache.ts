// The cache declaration of the monitor operations that read the published data (`cache: OP_DATASET_VERSIE`):
// their answer is a function of the newest dataset_versie, the URL and the caller's tier, so it gets an ETag
// of that version before it runs and a revalidation costs nothing (lib/api/cache.ts). Not for an account's
// own data (volglijst, alerts, webhooks): operation() refuses it with sleutelVerplicht.
import type { CacheBasis } from '@/lib/api/cache';
import { getDb } from '@/lib/db/client';
import { cachedVersies } from '@/lib/monitor/markt-cache';
import { versieSleutel } from '@/lib/monitor/store';

export const OP_DATASET_VERSIE: CacheBasis = {
  naam: 'dataset_versie',
  // The same cached list the operations read (a few seconds; a recompute in this process clears it), so the
  // ETag never names a newer version than the answer shows.
  async huidigeVersie() {
    const versies = await cachedVersies(getDb());
    const nieuwste = versies[versies.length - 1];
    return nieuwste ? `${versieSleutel(nieuwste)}:${versies.length}` : null;
  },
};
