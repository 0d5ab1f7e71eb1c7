// BWB repository of wetten.overheid.nl (KOOP): per regulation a manifest.xml whose _latestItem names the
// newest toestand XML. Both are kept 24 hours; the parsed toestand is kept by its file path (a new
// version has a new path). A BWB id the repository does not know answers 404: "unknown", not a failure.
import { LRUCache } from 'lru-cache';
import { source } from './source';
import { fetchSource } from './fetch';
import type { Sourced } from './gather';
import { unreadableAnswer } from './source-error';
import { parseManifest, parseToestand, type Manifest, type Regeling } from './bwb-repository-convert';

const DAY = 24 * 60 * 60 * 1000;

export const bwbRepository = source({
  id: 'bwb-repository',
  titel: 'Basiswettenbestand (BWB), repository van wetten.overheid.nl',
  envVar: 'BRON_BWB_REPOSITORY_URL',
  defaultBaseUrl: 'https://repository.officiele-overheidspublicaties.nl/bwb',
  licentie: 'CC0 1.0',
  attributie: 'Bron: Basiswettenbestand, wetten.overheid.nl (KOOP)',
  documentatie: 'https://www.overheid.nl/help/wet-en-regelgeving',
  ttlMs: DAY,
  timeoutMs: 15_000,
});

const parsed = new LRUCache<string, Regeling>({ max: 16, ttl: DAY });

export interface RegelingMetVersie {
  manifest: Manifest;
  regeling: Regeling;
}

/** The newest toestand of a regulation; data is null when the repository does not know the BWB id. */
export async function regeling(bwbId: string, signal?: AbortSignal): Promise<Sourced<RegelingMetVersie | null>> {
  if (!/^BWB[RV][0-9]{7}$/.test(bwbId)) throw new Error('invalid BWB id');
  const man = await fetchSource<string>(bwbRepository, `/${bwbId}/manifest.xml`, { accept: 'text', acceptStatuses: [404], signal });
  if (man.status === 404) return { data: null, bronnen: [man.bron] };
  let manifest: Manifest;
  try {
    manifest = parseManifest(man.body);
  } catch {
    throw unreadableAnswer(man.bron);
  }
  const pad = `/${bwbId}/${manifest.latest_item}`;
  const doc = await fetchSource<string>(bwbRepository, pad, { accept: 'text', signal });
  let reg = parsed.get(pad);
  if (!reg || doc.bron.cache === false) {
    try {
      reg = parseToestand(doc.body);
    } catch {
      throw unreadableAnswer(doc.bron);
    }
    parsed.set(pad, reg);
  }
  return { data: { manifest, regeling: reg }, bronnen: [man.bron, doc.bron] };
}
