// CBS table 83625NED "Bestaande koopwoningen; gemiddelde verkoopprijzen, regio": the average sale price per
// municipality (RegioS GM....) and for the country (NL01) per year since 1995 (Perioden 1995JJ00 ...). The
// measure key is found in DataProperties by its stable name (gemiddelde_verkoopprijs), never hard-coded.
// Rows of a municipality and of the country come in one call, cached 24 hours.
import { z } from 'zod';
import { cbsGetal, cbsMaten, cbsTekst } from './cbs-maten';
import { dataProperties, odataString, typedDataSet, type TypedRow } from './cbs-statline';
import type { Sourced } from './gather';
import { unreadableAnswer } from './source-error';

const DAY = 24 * 60 * 60 * 1000;

export const WONINGPRIJZEN_TABEL = '83625NED';
export const LAND_REGIOS = 'NL01';

const reeks = z.array(z.object({ jaar: z.number().int(), prijs: z.number().nullable() }));
export const prijzenPerJaarSchema = z.object({ regio: reeks, landelijk: reeks });
export type PrijzenPerJaar = z.infer<typeof prijzenPerJaarSchema>;

/** Yearly average sale prices of a municipality (GM + 4 digits) and of the country. */
export async function woningprijzen(gemeente: string, signal?: AbortSignal): Promise<Sourced<PrijzenPerJaar>> {
  const tabel = WONINGPRIJZEN_TABEL;
  const filter = `startswith(RegioS,${odataString(gemeente)}) or startswith(RegioS,${odataString(LAND_REGIOS)})`;
  const [props, rows] = await Promise.all([dataProperties(tabel, signal), typedDataSet(tabel, { filter, ttlMs: DAY }, signal)]);
  const maat = cbsMaten(props.data).find((m) => m.naam === 'gemiddelde_verkoopprijs');
  if (!maat) throw unreadableAnswer(props.bronnen[0]);
  return { data: prijzenPerJaar(rows.data, maat.key, gemeente), bronnen: [...props.bronnen, ...rows.bronnen] };
}

/**
 * Splits rows into the municipality's and the country's yearly series (only year periods, YYYYJJ00). A row
 * without a period or without a region is left out, explicitly: the call asks for two regions and all
 * periods, so such a price can be placed in neither series nor in time. A missing price is null.
 */
export function prijzenPerJaar(rows: readonly TypedRow[], key: string, gemeente: string): PrijzenPerJaar {
  const series: PrijzenPerJaar = { regio: [], landelijk: [] };
  for (const row of rows) {
    const periode = /^(\d{4})JJ00$/.exec(cbsTekst(row.Perioden) ?? '');
    if (!periode) continue;
    const regio = cbsTekst(row.RegioS);
    const punt = { jaar: Number(periode[1]), prijs: cbsGetal(row[key]) };
    if (regio === gemeente) series.regio.push(punt);
    else if (regio === LAND_REGIOS) series.landelijk.push(punt);
  }
  series.regio.sort((a, b) => a.jaar - b.jaar);
  series.landelijk.sort((a, b) => a.jaar - b.jaar);
  return series;
}
