// Rechtspraak open data (data.rechtspraak.nl): one published ruling or conclusion by its ECLI, as XML
// (RDF metadata plus inhoudsindicatie and uitspraak or conclusie). Published rulings do not change, so an
// answer is kept 24 hours. An ECLI the service does not know answers 404: that is "unknown", not a failure.
import { source } from './source';
import { fetchSource } from './fetch';
import type { Sourced } from './gather';
import { unreadableAnswer } from './source-error';
import { XmlDrift } from './drift';
import { parseUitspraak, type Uitspraak } from './rechtspraak-convert';

const DAY = 24 * 60 * 60 * 1000;

export const rechtspraak = source({
  id: 'rechtspraak',
  titel: 'Rechtspraak open data (uitspraken)',
  envVar: 'BRON_RECHTSPRAAK_URL',
  defaultBaseUrl: 'https://data.rechtspraak.nl',
  licentie: 'Openbare gegevens zonder gebruiksbeperking (open data van de Rechtspraak)',
  attributie: 'Bron: Rechtspraak (data.rechtspraak.nl)',
  documentatie: 'https://www.rechtspraak.nl/Uitspraken/paginas/open-data.aspx',
  ttlMs: DAY,
  timeoutMs: 10_000,
});

/** Elements whose content is free text (not compared with the recordings for drift). */
const RECHTSPRAAK_VRIJE_TEKST = ['inhoudsindicatie', 'uitspraak', 'conclusie'];

/** The ruling with this ECLI; data is null when the Rechtspraak does not know it (HTTP 404). */
export async function uitspraak(ecli: string, signal?: AbortSignal): Promise<Sourced<Uitspraak | null>> {
  if (!/^ECLI:NL:[A-Z0-9]+:[0-9]{4}:[A-Z0-9]+$/.test(ecli)) throw new Error('invalid ECLI');
  const res = await fetchSource<string>(rechtspraak, '/uitspraken/content', { query: { id: ecli }, accept: 'text', acceptStatuses: [404], signal });
  if (res.status === 404) return { data: null, bronnen: [res.bron] };
  // Format drift of a live answer (not of one served from the cache) against the recorded rulings: the
  // metadata and structure; the free text of inhoudsindicatie, uitspraak and conclusie is not compared.
  const drift = res.bron.cache === false ? new XmlDrift(rechtspraak, { skip: RECHTSPRAAK_VRIJE_TEKST }) : null;
  drift?.document(res.body);
  try {
    return { data: parseUitspraak(res.body), bronnen: [res.bron] };
  } catch {
    drift?.conversion('(antwoord)');
    throw unreadableAnswer(res.bron);
  }
}
