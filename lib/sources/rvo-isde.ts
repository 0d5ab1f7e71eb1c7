// The national sustainability-subsidy amounts for home owners, read from RVO's public web page on the
// ISDE (Investeringssubsidie duurzame energie en energiebesparing) for woningeigenaren. RVO publishes no
// API or data file with these amounts; the page is read as HTML (see rvo-isde-convert.ts for exactly what
// is relied on) and cached 24 hours: amounts change at most a few times a year. The time the page was
// read is the answer's opgevraagd_op.
import { source } from './source';
import { fetchSource } from './fetch';
import type { Sourced } from './gather';
import { unreadableAnswer } from './source-error';
import { recordConversionFailure } from './drift';
import { log } from '@/lib/log';
import { type Maatregel, leesMaatregelen } from './rvo-isde-convert';

const DAY = 24 * 60 * 60 * 1000;
export const PAGINA_PAD = '/woningeigenaren';

export const rvoIsde = source({
  id: 'rvo-isde',
  titel: 'ISDE-subsidiebedragen voor woningeigenaren (RVO), webpagina',
  envVar: 'BRON_RVO_ISDE_URL',
  defaultBaseUrl: 'https://www.rvo.nl/subsidies-financiering/isde',
  licentie: 'Overheidsinformatie (rvo.nl); hergebruik met bronvermelding',
  attributie: 'Bron: Rijksdienst voor Ondernemend Nederland (RVO), rvo.nl',
  documentatie: 'https://www.rvo.nl/subsidies-financiering/isde/woningeigenaren',
  ttlMs: DAY,
  timeoutMs: 8000,
});

/** The real page (also the follow-up link of every measure), whatever base URL is in force. */
export const PAGINA_URL = rvoIsde.defaultBaseUrl + PAGINA_PAD;

export interface SubsidieBedragen {
  maatregelen: Maatregel[];
  /** When the page was read (from the answer cache: when it was read then). */
  opgevraagd_op: string;
  bron_url: string;
}

/** The current national amounts per measure; the page cached 24 hours. */
export async function subsidieBedragen(signal?: AbortSignal): Promise<Sourced<SubsidieBedragen>> {
  const res = await fetchSource<string>(rvoIsde, PAGINA_PAD, { accept: 'text', signal });
  // A page cut off before </html> (a broken transfer) could hold only part of a table: not read.
  const heel = typeof res.body === 'string' && /<\/html>/i.test(res.body);
  const maatregelen = heel ? leesMaatregelen(res.body, PAGINA_URL) : [];
  if (maatregelen.length === 0) {
    log('warn', 'rvo_isde_onleesbaar', { reden: 'geen_bedragentabel' });
    if (!res.bron.cache) recordConversionFailure(rvoIsde, heel ? 'table (bedragentabel)' : '(pagina onvolledig)');
    throw unreadableAnswer(res.bron);
  }
  return {
    data: { maatregelen, opgevraagd_op: res.bron.opgehaald_op ?? new Date().toISOString(), bron_url: PAGINA_URL },
    bronnen: [res.bron],
  };
}
