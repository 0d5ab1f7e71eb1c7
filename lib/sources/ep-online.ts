// EP-Online (RVO), public API v5: the registered energy labels of one verblijfsobject. Needs a personal
// key from RVO, sent as the `Authorization` header. Without a key the source is not called at all: the
// answer is null with an 'onbeschikbaar' bronnen entry whose foutsoort is 'geen_sleutel'.
import { source } from './source';
import { failedBron, fetchSource } from './fetch';
import type { Sourced } from './gather';
import type { BronEntry } from './bron';
import { unreadableAnswer } from './source-error';
import { type Energielabel, epOnlineAnswerSchema, isLabel, toEnergielabels } from './ep-online-convert';
import { checkShape, recordConversionFailure } from './drift';

const DAY = 24 * 60 * 60 * 1000;

export const epOnline = source({
  id: 'ep-online',
  titel: 'EP-Online energielabels (RVO)',
  envVar: 'BRON_EP_ONLINE_URL',
  defaultBaseUrl: 'https://public.ep-online.nl/api/v5',
  licentie: 'Gebruik met persoonlijke API-sleutel van RVO; geen herpublicatie van bulkgegevens',
  attributie: 'Bron: EP-Online, Rijksdienst voor Ondernemend Nederland',
  documentatie: 'https://public.ep-online.nl/swagger',
  ttlMs: DAY,
  keyEnvVar: 'EP_ONLINE_API_KEY',
  keyHeader: 'Authorization',
});

/** The bronnen `foutsoort` when no API key is configured. */
export const GEEN_SLEUTEL = 'geen_sleutel';

/** The key in force, or null when none is configured. */
export function epOnlineKey(): string | null {
  const key = process.env[epOnline.keyEnvVar as string]?.trim();
  return key ? key : null;
}

/**
 * The labels of a verblijfsobject (16 digits), newest first; an empty list when EP-Online has none
 * (404 or an empty array). Without a key: data null and an 'onbeschikbaar' entry (geen_sleutel).
 */
export async function energielabels(vboId: string, signal?: AbortSignal): Promise<Sourced<Energielabel[] | null>> {
  if (!/^\d{16}$/.test(vboId)) throw new Error(`invalid verblijfsobject id ${vboId}`);
  const key = epOnlineKey();
  if (!key) return { data: null, bronnen: [geenSleutelBron()] };
  const res = await fetchSource<unknown>(epOnline, `/PandEnergielabel/AdresseerbaarObject/${vboId}`, {
    acceptStatuses: [404],
    signal,
  });
  if (res.status === 404) return { data: [], bronnen: [res.bron] };
  const parsed = checkShape(epOnline, epOnlineAnswerSchema, res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  // A record without a recognised energy class is left out by the conversion: counted, never silent.
  if (!parsed.data.every(isLabel)) recordConversionFailure(epOnline, '[].Energieklasse', parsed.data);
  return { data: toEnergielabels(parsed.data), bronnen: [res.bron] };
}

/** The bronnen entry of a call not made because no key is configured. */
export function geenSleutelBron(): BronEntry {
  return { ...failedBron(epOnline, null, 'netwerk', 0), foutsoort: GEEN_SLEUTEL };
}
