// Series per characteristic over the yearly Kerncijfers tables, with year-on-year deltas. A year without a
// table of its own falls back to the nearest older edition (tabelVoorJaar); such a year, and any table whose
// TableInfos says it covers a year already in the series, is detected and left out, so a year is never listed
// twice. Pure functions.
import { z } from 'zod';
import type { Kerncijfers } from './kerncijfers';
import { procentVerschil, round } from './afwijking';

export const trendPuntSchema = z.object({
  jaar: z.number().int(),
  waarde: z.number().nullable(),
  delta: z.number().nullable().describe('Verschil met het vorige jaar in de reeks'),
  delta_pct: z.number().nullable().describe('Verschil met het vorige jaar in procenten (1 decimaal)'),
}).meta({ id: 'TrendPunt' });
export const trendReeksSchema = z.object({
  naam: z.string(),
  titel: z.string(),
  eenheid: z.string().nullable(),
  soort: z.enum(['absoluut', 'relatief']),
  reeks: z.array(trendPuntSchema),
}).meta({ id: 'TrendReeks' });
export type TrendReeks = z.infer<typeof trendReeksSchema>;

export const overgeslagenSchema = z.object({
  jaar: z.number().int(),
  tabel: z.string().nullable(),
  reden: z.string(),
}).meta({ id: 'OvergeslagenJaar' });
export type Overgeslagen = z.infer<typeof overgeslagenSchema>;

/** One resolved year: the table it came from and the region's figures in it (null: region not in that table). */
export interface TrendJaar {
  gevraagd_jaar: number;
  tabel: string;
  /** Year of the table according to its TableInfos. */
  jaar: number;
  terugval: boolean;
  kerncijfers: Kerncijfers | null;
}

export interface Trend {
  jaren: { jaar: number; tabel: string }[];
  overgeslagen: Overgeslagen[];
  kenmerken: TrendReeks[];
}

/** Builds the series; `namen` limits the characteristics (all numeric ones when omitted). */
export function bouwTrend(jaren: readonly TrendJaar[], namen?: readonly string[]): Trend {
  const overgeslagen: Overgeslagen[] = [];
  const gekozen = new Map<number, TrendJaar>();
  for (const j of [...jaren].sort((a, b) => a.gevraagd_jaar - b.gevraagd_jaar)) {
    const al = [...gekozen.values()].find((g) => g.tabel === j.tabel || g.jaar === j.jaar);
    if (al) {
      overgeslagen.push({
        jaar: j.gevraagd_jaar,
        tabel: j.tabel,
        reden: j.terugval
          ? `geen eigen jaartabel: valt terug op ${j.tabel} (${j.jaar}), dat al in de reeks staat`
          : `tabel ${j.tabel} beslaat volgens het CBS het jaar ${j.jaar}, dat al in de reeks staat (${al.tabel})`,
      });
      continue;
    }
    if (j.terugval) {
      overgeslagen.push({ jaar: j.gevraagd_jaar, tabel: j.tabel, reden: `geen eigen jaartabel: valt terug op ${j.tabel} (${j.jaar})` });
      continue;
    }
    if (!j.kerncijfers) {
      overgeslagen.push({ jaar: j.jaar, tabel: j.tabel, reden: `de regio komt niet voor in ${j.tabel} (andere gebiedsindeling)` });
      continue;
    }
    gekozen.set(j.jaar, j);
  }
  const rij = [...gekozen.values()].sort((a, b) => a.jaar - b.jaar);

  const meta = new Map<string, Omit<TrendReeks, 'reeks'>>();
  for (const j of [...rij].reverse()) {
    for (const k of j.kerncijfers?.kenmerken ?? []) {
      if (!meta.has(k.naam) && (!namen || namen.includes(k.naam))) meta.set(k.naam, { naam: k.naam, titel: k.titel, eenheid: k.eenheid, soort: k.soort });
    }
  }
  const order = namen ? namen.filter((n) => meta.has(n)) : [...meta.keys()];
  const kenmerken = order.map((naam) => {
    let vorige: number | null = null;
    const reeks = rij.map((j) => {
      const waarde = j.kerncijfers?.kenmerken.find((k) => k.naam === naam)?.waarde ?? null;
      const punt = {
        jaar: j.jaar,
        waarde,
        delta: waarde !== null && vorige !== null ? round(waarde - vorige, 3) : null,
        delta_pct: procentVerschil(waarde, vorige),
      };
      vorige = waarde;
      return punt;
    });
    return { ...(meta.get(naam) as Omit<TrendReeks, 'reeks'>), reeks };
  });
  return { jaren: rij.map((j) => ({ jaar: j.jaar, tabel: j.tabel })), overgeslagen, kenmerken };
}
