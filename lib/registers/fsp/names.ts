// Streaming parser of the AFM search-result CSV of the register financiële dienstverleners
// (export.aspx?type=04efad81-e254-40fa-8728-94d90447ad4b&format=csv): semicolon separated, quoted, cp1252,
// three columns "Statutaire naam";"Handelsnaam";"Vestigingsplaats", several trade names in one cell joined
// by commas [D]. It carries no id, no KvK number, no licences and no products: each row becomes an
// institution with the derived stable id (group.ts derivedFspId) and names and place only. The import
// marks a version built from it as a names list (soort 'namenlijst'), and every answer on it says what is
// missing. Pure: no I/O beyond reading the given input.
import { parseCsvRegister, type CsvRegisterOptions, type CsvRegisterRow } from '../common/csv-register';
import { normalizeHeader } from '../common/header-map';
import type { ParseInput } from '../common/input';
import type { ParseRun, ParseStats } from '../common/parse-stats';
import { derivedFspId, type FspInstitution } from './group';

type NamesField = 'statutaire_naam' | 'handelsnaam' | 'plaats' | 'land';

/** Header spellings per field (compared after normalizeHeader: case, accents, spaces ignored). First = documented [D]. */
export const AFM_NAMES_COLUMNS: Record<NamesField, readonly string[]> = {
  statutaire_naam: ['Statutaire naam', 'Naam'],
  handelsnaam: ['Handelsnaam', 'Handelsnamen'],
  plaats: ['Vestigingsplaats', 'Plaats'],
  land: ['Land'],
};

const LOOKUP = new Map<string, NamesField>();
for (const [f, names] of Object.entries(AFM_NAMES_COLUMNS) as [NamesField, readonly string[]][]) for (const n of names) LOOKUP.set(normalizeHeader(n), f);

/** Splits a comma-joined trade-name cell: trimmed, empty parts dropped, distinct. */
export function splitHandelsnamen(cell: string | null): string[] {
  if (!cell) return [];
  const out: string[] = [];
  for (const part of cell.split(',')) {
    const v = part.trim();
    if (v && !out.includes(v)) out.push(v);
  }
  return out;
}

/** True when the text (the start of a file) is a header of the names-only CSV. */
export function looksLikeNamesCsv(head: string): boolean {
  const first = head.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return first.includes(';') && first.split(';').some((h) => LOOKUP.get(normalizeHeader(h.replace(/^"|"$/g, ''))) === 'statutaire_naam');
}

export function parseAfmNamesCsv(input: ParseInput, opts: CsvRegisterOptions = {}): ParseRun<FspInstitution> {
  return parseCsvRegister(input, opts, {
    register: 'AFM CSV',
    columns: AFM_NAMES_COLUMNS,
    fieldFor: (h) => LOOKUP.get(normalizeHeader(h)),
    required: ['statutaire_naam'],
    delimiter: 'auto',
    toRecord,
  });
}

function toRecord({ line, get, extra }: CsvRegisterRow<NamesField>, stats: ParseStats): FspInstitution | null {
  const naam = get('statutaire_naam');
  if (!naam) {
    stats.skip(line, 'geen_naam', 'row without Statutaire naam');
    return null;
  }
  const plaats = get('plaats');
  const land = get('land');
  return {
    id: derivedFspId(naam, plaats, land),
    id_afgeleid: true,
    naam,
    handelsnamen: splitHandelsnamen(get('handelsnaam')),
    handelsnamen_perioden: [],
    statutaire_zetel: null,
    rechtsvorm: null,
    kvk_nummer: null,
    adres: null,
    postcode: null,
    plaats,
    land,
    adressen: plaats || land ? [{ adres: null, postcode: null, plaats, land }] : [],
    ep: null,
    lidstaat_herkomst: null,
    klachteninstituut: null,
    beleidsbepalers: null,
    vergunningen: [],
    aantal_vergunningen: 0,
    eerste_regel: line,
    extra: extra(),
  };
}
