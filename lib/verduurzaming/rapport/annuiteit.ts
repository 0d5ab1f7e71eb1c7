// The monthly payment of an annuity loan (as the Energiebespaarlening of the Warmtefonds): equal monthly
// payments of interest and repayment. The yearly rate is an effective rate, so the monthly rate is
// (1 + i)^(1/12) - 1; with the Warmtefonds's own example (€ 15.000, 10 years, 4,35%) this gives € 153,80.

/** Monthly payment for `bedrag` at an effective yearly rate over `jaren` years (0% rate: straight division). */
export function maandlast(bedrag: number, jaarrente: number, jaren: number): number {
  const n = Math.round(jaren * 12);
  if (bedrag <= 0 || n <= 0) return 0;
  const r = Math.pow(1 + jaarrente, 1 / 12) - 1;
  if (r === 0) return bedrag / n;
  return (bedrag * r) / (1 - Math.pow(1 + r, -n));
}
