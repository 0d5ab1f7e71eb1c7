// Loads a region's figures from every yearly Kerncijfers table in parallel and builds the trend. Each year
// from the first edition up to this year is resolved to its table (with fallback to the nearest older
// edition); every distinct table is fetched once. A table that fails is reported 'onbeschikbaar' in bronnen
// and listed as skipped; when every table fails, the failure of the newest is passed on (502).
import { KWB_EDITIES, kwbEditie, kwbNamen, kwbRijen, regioKey, tabelVoorJaar } from '@/lib/sources/cbs-kwb';
import { LAND_CODE } from '@/lib/regio/codes';
import { cbsStatline } from '@/lib/sources/cbs-statline';
import { gather, type GatherCall, type Sourced } from '@/lib/sources/gather';
import { sourceErrorFromBron } from '@/lib/sources/source-error';
import type { BronEntry } from '@/lib/sources/bron';
import { naarKerncijfers, type Kerncijfers } from '@/lib/regio/kerncijfers';
import { bouwTrend, type Trend, type TrendJaar } from '@/lib/regio/trend';

export interface GeladenTrend {
  trend: Trend;
  /** The region in the newest table that has it (null when no table has it). */
  nieuwste: Kerncijfers | null;
}

type EditieData = { tabel: string; jaar: number; kerncijfers: Kerncijfers | null };

/** The years from the first edition to `totJaar` (default: this year in the Netherlands). */
export function trendJaren(totJaar = Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Amsterdam', year: 'numeric' }).format(new Date()))): number[] {
  const eerste = Math.min(...KWB_EDITIES.map((e) => e.jaar));
  return Array.from({ length: Math.max(0, totJaar - eerste + 1) }, (_, i) => eerste + i);
}

export async function laadTrend(code: string, signal: AbortSignal, namen?: readonly string[], budgetMs = 8000): Promise<Sourced<GeladenTrend>> {
  const keuzes = trendJaren().map((j) => tabelVoorJaar(j)).filter((k): k is NonNullable<typeof k> => k !== null);
  const tabellen = [...new Set(keuzes.map((k) => k.tabel))];
  const calls: Record<string, GatherCall<EditieData>> = {};
  for (const tabel of tabellen) {
    calls[tabel] = {
      source: cbsStatline,
      run: async (s) => {
        const [editie, rijen, naam] = await Promise.all([kwbEditie(tabel, s), kwbRijen(tabel, [code, LAND_CODE], s), kwbNamen(tabel, [code, LAND_CODE], s)]);
        const row = rijen.data.find((r) => regioKey(r) === code);
        const kerncijfers = row ? naarKerncijfers(row, editie.data, code, naam.data.find((n) => n.code === code)?.naam ?? null) : null;
        return { data: { tabel, jaar: editie.data.jaar, kerncijfers }, bronnen: [...editie.bronnen, ...rijen.bronnen, ...naam.bronnen] };
      },
    };
  }
  const { results, bronnen } = await gather(calls, { budgetMs, signal });
  const geladen = results as Record<string, EditieData | null>;
  if (tabellen.every((t) => geladen[t] === null)) {
    throw sourceErrorFromBron(bronnen.find((b) => b.status === 'onbeschikbaar') as BronEntry);
  }

  const jaren: TrendJaar[] = [];
  const mislukt: { jaar: number; tabel: string }[] = [];
  for (const k of keuzes) {
    const e = geladen[k.tabel];
    if (!e) {
      if (!k.terugval) mislukt.push({ jaar: k.jaar, tabel: k.tabel });
      continue;
    }
    jaren.push({ gevraagd_jaar: k.gevraagd_jaar, tabel: k.tabel, jaar: e.jaar, terugval: k.terugval, kerncijfers: e.kerncijfers });
  }
  const trend = bouwTrend(jaren, namen);
  for (const m of mislukt) trend.overgeslagen.push({ jaar: m.jaar, tabel: m.tabel, reden: `tabel ${m.tabel} was niet op te halen bij het CBS (zie bronnen)` });
  trend.overgeslagen.sort((a, b) => a.jaar - b.jaar);
  const nieuwste = tabellen.map((t) => geladen[t]?.kerncijfers).find((k): k is Kerncijfers => Boolean(k)) ?? null;
  return { data: { trend, nieuwste }, bronnen };
}
