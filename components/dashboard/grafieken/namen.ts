// Names on a chart's category axis, shortened without losing what tells them apart. Pure (namen.test.ts).

/**
 * A name in at most `max` characters that still tells similar names apart: without the legal form, and
 * when still too long its beginning and its last words ("Administratie- en… Jacobs", not three times
 * "Administratie- en Assur…").
 */
export function korteNaam(naam: string, max: number): string {
  if (naam.length <= max) return naam;
  const zonder = naam.replace(/,?\s+(B\.V\.|N\.V\.|V\.O\.F\.|C\.V\.|U\.A\.)$/i, '');
  if (zonder.length <= max) return zonder;
  const woorden = zonder.split(' ');
  let eind = '';
  while (woorden.length > 1 && (woorden[woorden.length - 1] + (eind ? ` ${eind}` : '')).length <= Math.floor(max / 2)) eind = woorden.pop()! + (eind ? ` ${eind}` : '');
  const begin = woorden.join(' ').slice(0, max - eind.length - (eind ? 2 : 1)).trimEnd();
  return eind ? `${begin}… ${eind}` : `${begin}…`;
}
