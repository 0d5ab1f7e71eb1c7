// Numbers as Dutch readers expect them (1.234; 12,5%), and dates as written in the answers.
const GETAL = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });

export const getal = (n: number | null | undefined) => (n === null || n === undefined || Number.isNaN(n) ? '–' : GETAL.format(n));
export const procent = (n: number | null | undefined) => (n === null || n === undefined || Number.isNaN(n) ? '–' : `${GETAL.format(n)}%`);
