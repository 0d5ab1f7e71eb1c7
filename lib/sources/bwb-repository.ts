// BWB repository of wetten.overheid.nl (KOOP): per regulation a manifest.xml whose _latestItem names the
// newest toestand XML. Both are kept 24 hours; the parsed toestand is kept by its file path (a new
// version has a new path). A BWB id the repository does not know answers 404: "unknown", not a failure.
import { LRUCache } from 'lru-cache';
import { source } from './source';
import { fetchSource } from './fetch';
import type { Sourced } from './gather';
import { unreadableAnswer } from './source-error';
import { XmlDrift } from './drift';
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

/** Elements of a toestand whose content is running text with inline markup (not compared for drift). */
const BWB_VRIJE_TEKST = ['al', 'kop', 'considerans.al', 'redactie', 'opmerkingen-inhoud', 'table'];

export interface RegelingMetVersie {
  manifest: Manifest;
  regeling: Regeling;
}

/** The newest toestand of a regulation; data is null when the repository does not know the BWB id. */
export async function regeling(bwbId: string, signal?: AbortSignal): Promise<Sourced<RegelingMetVersie | null>> {
  if (!/^BWB[RV][0-9]{7}$/.test(bwbId)) throw new Error('invalid BWB id');
  const man = await fetchSource<string>(bwbRepository, `/${bwbId}/manifest.xml`, { accept: 'text', acceptStatuses: [404], signal });
  if (man.status === 404) return { data: null, bronnen: [man.bron] };
  // Format drift of live answers (not of ones served from the cache) against the recordings (lib/sources/drift.ts).
  const manDrift = man.bron.cache === false ? new XmlDrift(bwbRepository) : null;
  manDrift?.document(man.body);
  let manifest: Manifest;
  try {
    manifest = parseManifest(man.body);
  } catch {
    manDrift?.conversion('(manifest)');
    throw unreadableAnswer(man.bron);
  }
  const pad = `/${bwbId}/${manifest.latest_item}`;
  const doc = await fetchSource<string>(bwbRepository, pad, { accept: 'text', signal });
  let reg = parsed.get(pad);
  if (!reg || doc.bron.cache === false) {
    const drift = doc.bron.cache === false ? new XmlDrift(bwbRepository, { skip: BWB_VRIJE_TEKST }) : null;
    drift?.document(doc.body);
    try {
      reg = parseToestand(doc.body);
    } catch {
      drift?.conversion('(toestand)');
      throw unreadableAnswer(doc.bron);
    }
    parsed.set(pad, reg);
  }
  return { data: { manifest, regeling: reg }, bronnen: [man.bron, doc.bron] };
}
