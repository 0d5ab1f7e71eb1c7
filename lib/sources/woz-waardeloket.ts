// WOZ-waardeloket (Kadaster, Waarderingskamer): the established WOZ values of one address, by its BAG
// nummeraanduiding. Meant for individual look-ups only: one call per requested address, never in bulk.
// A nummeraanduiding the loket does not know answers 404: that is "unknown", not a failure.
import { source } from './source';
import { fetchSource } from './fetch';
import type { Sourced } from './gather';
import { unreadableAnswer } from './source-error';
import { type WozObject, isWozWaarde, toWozObject, wozAnswerSchema } from './woz-waardeloket-convert';
import { lowerKeys } from './values';
import { checkShape, recordConversionFailure } from './drift';

const DAY = 24 * 60 * 60 * 1000;

export const wozWaardeloket = source({
  id: 'woz-waardeloket',
  titel: 'WOZ-waardeloket',
  envVar: 'BRON_WOZ_WAARDELOKET_URL',
  defaultBaseUrl: 'https://api.kadaster.nl/lvwoz/wozwaardeloket-api/v1',
  licentie: 'Openbare gegevens; alleen voor individuele raadpleging',
  attributie: 'Bron: WOZ-waardeloket (Kadaster, Waarderingskamer)',
  documentatie: 'https://www.wozwaardeloket.nl',
  ttlMs: DAY,
});

/** The WOZ object of a nummeraanduiding (16 digits); data is null when the loket does not know it. */
export async function wozObject(nummeraanduidingId: string, signal?: AbortSignal): Promise<Sourced<WozObject | null>> {
  if (!/^\d{16}$/.test(nummeraanduidingId)) throw new Error(`invalid nummeraanduiding id ${nummeraanduidingId}`);
  const res = await fetchSource<unknown>(wozWaardeloket, `/wozwaarde/nummeraanduiding/${nummeraanduidingId}`, {
    acceptStatuses: [404],
    signal,
  });
  if (res.status === 404) return { data: null, bronnen: [res.bron] };
  const parsed = checkShape(wozWaardeloket, wozAnswerSchema, res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  // A value without amount or peildatum is left out by the conversion: counted, never silent.
  const waarden = lowerKeys(parsed.data)?.wozwaarden;
  if (Array.isArray(waarden) && !waarden.every(isWozWaarde)) recordConversionFailure(wozWaardeloket, 'wozWaarden[]', parsed.data);
  return { data: toWozObject(parsed.data), bronnen: [res.bron] };
}
