// The ANBI register (Belastingdienst anbi.xml, ISO-8859-1): the five statutory group decisions without
// RSIN first, then one <beschikking> per institution with an RSIN (elfproef; about 4 % old-style numbers
// with leading zeros, written without them as the real file does), some withdrawn decisions
// (intrekkingsDatum), some cultural ANBIs (some of whose culture status has ended). RSINs are independent
// of the KvK universe (an RSIN is not derivable from a KvK number). Pure: yields text.
import { addDays, dayBetween } from './dates';
import { xmlText } from './encoding';
import { brand, surname } from './names';
import { pickPlace } from './places';
import { permutation, rngFor, type Rng } from './prng';
import { rsinFrom } from './universe';

/** The statutory group decisions (no RSIN; id = dossier number), as in the fixture and the real file. */
export const GROUP_DECISIONS: readonly string[] = [
  'Staat der Nederlanden', 'Gemeenten', 'Provincies', 'Waterschappen', 'Kerkgenootschappen en hun onderdelen',
];

const GENERAL = [
  (p: string, b: string, _s: string, q: Rng) => q.pick([`Stichting Vrienden van Ziekenhuis ${p}`, `Stichting Vrienden van ${b}`]),
  (p: string) => `Stichting Voedselbank ${p}`,
  (p: string) => `Stichting Hospice ${p}`,
  (_p: string, b: string) => `Stichting Dierenopvang ${b}`,
  (_p: string, _b: string, s: string) => `Stichting Steunfonds ${s}`,
  (_p: string, b: string) => `Stichting Kinderhulp ${b}`,
  (p: string) => `Stichting Behoud Molen ${p}`,
  (_p: string, b: string) => `Stichting ${b} Fonds`,
  (p: string) => `Vereniging Dorpsbelangen ${p}`,
  (_p: string, b: string) => `Stichting Natuurbehoud ${b}`,
  (p: string) => `Stichting Reünie Oud-Leerlingen ${p}`,
  (_p: string, _b: string, s: string) => `Stichting Familiefonds ${s}`,
  (p: string) => `Stichting Ontwikkelingshulp ${p}`,
  (_p: string, b: string) => `Stichting Coöperatie ${b} Goede Doelen`,
];
const CULTURAL = [
  (p: string) => `Stichting Muziekfestival ${p}`,
  (_p: string, b: string) => `Stichting Theater ${b}`,
  (_p: string, b: string) => `Stichting Kamerkoor ${b}`,
  (p: string) => `Stichting Museum ${p}`,
  (p: string) => `Stichting Filmhuis ${p}`,
  (_p: string, b: string) => `Muziekvereniging Harmonie ${b}`,
  (_p: string, b: string) => `Stichting Café-Podium ${b}`,
  (p: string) => `Stichting Historische Kring ${p}`,
];

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^stichting |^vereniging /, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function anbiHeaderXml(peildatum: string): string {
  return (
    '<?xml version="1.0" encoding="ISO-8859-1"?>\n<publicatieAnbiInstellingen>\n' +
    `  <header>\n    <aanmaakDatum>${peildatum}</aanmaakDatum>\n    <versie>1.0</versie>\n  </header>\n`
  );
}

export const ANBI_FOOTER = '</publicatieAnbiInstellingen>\n';

const line = (name: string, value: string | null) => (value === null ? '' : `    <${name}>${xmlText(value)}</${name}>\n`);

/** The <beschikking> elements, n in all (the five group decisions included). */
export function* anbiRecords(seed: number, peildatum: string, n: number): Generator<string> {
  const groups = Math.min(GROUP_DECISIONS.length, n);
  for (let g = 0; g < groups; g++) {
    // the first one has an empty fiscaalNummer element, the others none (both occur)
    yield `  <beschikking>\n${g === 0 ? '    <fiscaalNummer></fiscaalNummer>\n' : ''}${line('dossierNummer', String(900001 + g))}${line('naam', GROUP_DECISIONS[g])}${line('ingangsDatum', '2008-01-01')}  </beschikking>\n`;
  }
  const modern = permutation(seed, 'rsin-anbi', 499_979);
  const old = permutation(seed, 'rsin-anbi-oud', 89_989);
  const dossier = permutation(seed, 'anbi-dossier', 799_999);
  for (let i = groups; i < n; i++) {
    const q = rngFor(seed, 'anbi', i);
    const isOld = q.chance(0.04);
    const rsin = isOld ? rsinFrom(10_000 + old(i)) : rsinFrom(8_000_000 + modern(i));
    const place = pickPlace(q).name;
    const b = brand(q);
    const s = surname(q);
    const cultural = q.chance(0.09);
    const naam = cultural ? q.pick(CULTURAL)(place, b) : q.pick(GENERAL)(place, b, s, q);
    const alias = q.chance(0.12) ? naam.replace(/^Stichting |^Vereniging /, '') : null;
    const website = q.chance(0.45) ? (q.chance(0.5) ? `www.${slug(naam)}.nl` : `https://${slug(naam)}.nl`) : null;
    const start = q.chance(0.25) ? '2008-01-01' : dayBetween(q, '2008-01-01', addDays(peildatum, -10));
    const withdrawn = q.chance(0.06) ? dayBetween(q, addDays(start, 90), addDays(peildatum, -1)) : null;
    const cultureFrom = start > '2012-01-01' ? start : '2012-01-01';
    const cultureStart = cultural ? dayBetween(q, cultureFrom, withdrawn ?? addDays(peildatum, -5)) : null;
    const cultureEnd = cultureStart && q.chance(0.1) ? dayBetween(q, addDays(cultureStart, 30), addDays(peildatum, -1)) : withdrawn && cultureStart ? withdrawn : null;
    yield (
      '  <beschikking>\n' +
      line('fiscaalNummer', isOld ? rsin.replace(/^0+/, '') : rsin) +
      line('dossierNummer', String(100_000 + dossier(i))) +
      line('naam', naam) +
      (alias !== null ? line('aliasNaam', alias) : '') +
      line('vestigingsPlaats', place) +
      line('webSite', website) +
      line('ingangsDatum', start) +
      line('intrekkingsDatum', withdrawn) +
      line('ingangsDatumCultuur', cultureStart) +
      line('intrekkingsDatumCultuur', cultureEnd) +
      '  </beschikking>\n'
    );
  }
}
