// The name a client reads for a measure. A file's own description is used as written (a 2019
// ObjectAdjustment, a measure list); where the file only has a structural element name (the maatwerkadvies
// v2.0 steps Step1..Step3, whose XSD has no free-text description) a readable Dutch label takes its place:
// "Stap 1 van het maatwerkadvies", and for the cumulative way to a step "Stap 1 t/m 3 van het
// maatwerkadvies". An element name never reaches the page or the PDF. What the whole plan changes is in
// the file's summary (nulmeting.stappenplan_inhoud); stappenplanZin words it for the page and the PDF.

const STAP = /^Step\s*(\d{1,2})$/i;

/** The step number of a maatwerkadvies step element name ("Step2" -> 2), else null. */
export function stapNummer(omschrijving: string): number | null {
  const m = STAP.exec(omschrijving.trim());
  return m ? Number(m[1]) : null;
}

/** "Stap 1 van het maatwerkadvies", or for steps 1..n together "Stap 1 t/m n van het maatwerkadvies". */
export function stapNaam(tot: number, vanaf = tot): string {
  return vanaf === tot ? `Stap ${tot} van het maatwerkadvies` : `Stap ${vanaf} t/m ${tot} van het maatwerkadvies`;
}

/** An element-like identifier (no spaces, CamelCase or with underscores) as words: "SpouwmuurIsolatie" -> "Spouwmuur isolatie". */
function alsWoorden(id: string): string {
  const woorden = id
    .replace(/_+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .split(/\s+/);
  return woorden.map((w, i) => (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : /^[A-Z0-9+]+$/.test(w) ? w : w.toLowerCase())).join(' ');
}

/** The readable name of a measure: the file's description, or a Dutch label for a structural element name. */
export function maatregelNaam(omschrijving: string): string {
  const t = omschrijving.replace(/\s+/g, ' ').trim();
  if (t === '') return 'Maatregel zonder omschrijving';
  const stap = stapNummer(t);
  if (stap !== null) return stapNaam(stap);
  if (!t.includes(' ') && (/[a-z][A-Z]/.test(t) || t.includes('_'))) return alsWoorden(t);
  return t;
}

/** The sentence about the whole step plan for the page and the PDF; null without content. */
export function stappenplanZin(inhoud: readonly string[] | undefined, maatregelen: readonly { omschrijving: string }[]): string | null {
  if (!inhoud?.length) return null;
  const stappen = Math.max(0, ...maatregelen.map((m) => stapNummer(m.omschrijving) ?? 0));
  const lijst = inhoud.length === 1 ? inhoud[0] : `${inhoud.slice(0, -1).join(', ')} en ${inhoud[inhoud.length - 1]}`;
  const bereik = stappen > 1 ? `stap 1 t/m ${stappen}` : 'alle stappen';
  return `Het stappenplan als geheel (${bereik}) omvat volgens het bestand: ${lijst}.`;
}
