// Neighbourhood figures from CBS Kerncijfers wijken en buurten (85984NED = edition 2024) through the
// StatLine OData v3 client: the measure keys are read from DataProperties by Title, then the one row of
// the buurt is asked for with $filter. Both calls are cached 24 hours.
import { z } from 'zod';
import { cbsStatline, dataProperties, odataString, type TypedRow } from './cbs-statline';
import { fetchSource } from './fetch';
import type { Sourced } from './gather';
import { unreadableAnswer } from './source-error';
import { checkShape } from './drift';
import { type BuurtKerncijfers, kerncijferMaten, rijVan, toBuurtKerncijfers } from './cbs-kerncijfers-convert';

const DAY = 24 * 60 * 60 * 1000;

/** The edition read: Kerncijfers wijken en buurten 2024 (its TableInfos Period is 2024). */
export const KWB_TABEL = { id: '85984NED', jaar: 2024 } as const;

const rowsSchema = z.object({ value: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))) });

/** The figures of one buurt (BU + 8 characters); data is null when the edition has no such buurt. */
export async function buurtKerncijfers(code: string, signal?: AbortSignal): Promise<Sourced<BuurtKerncijfers | null>> {
  if (!/^BU[0-9]{4}[0-9A-Z]{4}$/.test(code)) throw new Error(`invalid buurt code ${code}`);
  const props = await dataProperties(KWB_TABEL.id, signal);
  const maten = kerncijferMaten(props.data);
  const keys = [maten.inwoners?.key, maten.gemiddelde_woz_waarde?.key].filter((k): k is string => Boolean(k));
  // The TypedDataSet call goes through fetchSource directly: cbs-statline's typedDataSet() has no ttlMs
  // option and its source TTL is 6 hours, while the property service caches 24 hours.
  const res = await fetchSource<unknown>(cbsStatline, `/${KWB_TABEL.id}/TypedDataSet`, {
    query: { $filter: `WijkenEnBuurten eq ${odataString(code)}`, $select: ['WijkenEnBuurten', ...keys].join(','), $format: 'json' },
    ttlMs: DAY,
    signal,
  });
  const parsed = checkShape(cbsStatline, rowsSchema, res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  const row: TypedRow | null = rijVan(parsed.data.value, code);
  return {
    data: row ? toBuurtKerncijfers(row, maten, code, KWB_TABEL.jaar) : null,
    bronnen: [...props.bronnen, res.bron],
  };
}
