// Shared parameter types of the API (path and query), each with its Dutch description and bounds, so
// every operation validates and documents the same thing the same way. Query and path values arrive as
// strings; these schemas parse them and state their bounds for the OpenAPI document.
import { z } from 'zod';

/**
 * Control characters (U+0000-U+001F, tab included, and U+007F) are refused in every path and query value,
 * free text included: no parameter means anything with them, and a NUL would reach PostgreSQL as an error.
 * route.ts applies this to every raw value before the declared schema sees it, so it holds for each
 * parameter of each operation, however the operation declares it. Text in a JSON body (body.ts jsonBody)
 * follows the same rule but may hold tab, line feed and carriage return (a multi-line description).
 */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const CONTROL_CHARACTER_NOT_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Why a raw parameter value is refused before its schema sees it, or null when the text itself is acceptable. */
export function refusedText(value: string, lineBreaksAllowed = false): string | null {
  const m = (lineBreaksAllowed ? CONTROL_CHARACTER_NOT_LINE : CONTROL_CHARACTER).exec(value);
  if (!m) return null;
  const code = m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  return lineBreaksAllowed
    ? `bevat een stuurteken (U+${code}); alleen tab en regeleinde zijn toegestaan`
    : `bevat een stuurteken (U+${code}); stuurtekens (U+0000-U+001F, U+007F) zijn niet toegestaan`;
}

/** The reason an undeclared query parameter is refused (typos must not pass silently). */
export const UNKNOWN_PARAMETER = 'onbekende parameter voor deze operatie';

/**
 * Names no operation may declare: those of Object.prototype. Next.js collects the query in a plain object before
 * a route handler sees it, where "__proto__" is lost and "constructor" takes other parameters with it, so
 * scripts/serve.mjs refuses these keys as unknown parameters before Next.js sees the request.
 */
export const RESERVED_PARAMETER_NAMES: readonly string[] = Object.getOwnPropertyNames(Object.prototype);

/** An integer query/path parameter within [min, max] (no upper bound when max is null); rejects empty strings, decimals and words. */
export function intParam(min: number, max: number | null, description: string) {
  const bounded = z.number().int().min(min);
  return z
    .string()
    .regex(/^-?\d+$/, { message: 'moet een geheel getal zijn' })
    .transform(Number)
    .pipe(max === null ? bounded : bounded.max(max))
    .describe(description);
}

/** An integer with only a lower bound (for example start >= 0). */
export function intAtLeast(min: number, description: string) {
  return intParam(min, null, description);
}

/** A decimal number within [min, max] (coordinates). */
export function numberParam(min: number, max: number, description: string) {
  return z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, { message: 'moet een getal zijn, met een punt als decimaalteken' })
    .transform(Number)
    .pipe(z.number().min(min).max(max))
    .describe(description);
}

/** A free-text search string of at least `minLength` characters (trimmed). */
export function textParam(minLength: number, maxLength: number, description: string) {
  return z.string().trim().min(minLength).max(maxLength).describe(description);
}

export const postcode = z
  .string()
  .transform((s) => s.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[1-9][0-9]{3}[A-Z]{2}$/, { message: 'postcode is vier cijfers gevolgd door twee letters, bijvoorbeeld 1012AB' }))
  .describe('Postcode: vier cijfers gevolgd door twee letters (spatie en kleine letters toegestaan)')
  .meta({ examples: ['3012BR'] });

export const huisnummer = intParam(1, 99999, 'Huisnummer, geheel getal vanaf 1').meta({ examples: [42] });

export const toevoeging = z.string().trim().min(1).max(10).optional().describe('Huisnummertoevoeging').meta({ examples: ['A'] });

/** Region codes: CBS codes are GM + 4 digits, WK and BU followed by alphanumerics (newer editions use letters). */
export const regioCode = {
  any: z
    .string()
    .regex(/^(GM[0-9]{4}|WK[0-9]{4}[0-9A-Z]{2}|BU[0-9]{4}[0-9A-Z]{4})$/, {
      message: 'regiocode is GM gevolgd door vier cijfers, WK gevolgd door zes tekens of BU gevolgd door acht tekens',
    })
    .describe('Regiocode met voorvoegsel BU (buurt), WK (wijk) of GM (gemeente)')
    .meta({ examples: ['GM0118', 'WK011801', 'BU01180105'] }),
  topLevel: z
    .string()
    .regex(/^(GM[0-9]{4}|WK[0-9]{4}[0-9A-Z]{2})$/, { message: 'alleen een gemeente- (GM) of wijkcode (WK) is toegestaan' })
    .describe('Regiocode met voorvoegsel GM of WK')
    .meta({ examples: ['GM0118', 'WK011801'] }),
};

export const ecli = z
  .string()
  .regex(/^ECLI:NL:[A-Z0-9]+:[0-9]{4}:[A-Z0-9]+$/, { message: 'ECLI heeft de vorm ECLI:NL:<gerecht>:<jaar>:<nummer>' })
  .describe('European Case Law Identifier, bijvoorbeeld ECLI:NL:HR:2019:1234')
  .meta({ examples: ['ECLI:NL:RBAMS:2012:BZ5426'] });

export const bwbId = z
  .string()
  .regex(/^BWBR[0-9]{7}$/, { message: 'BWB-id is BWBR gevolgd door zeven cijfers' })
  .describe('Identificatie in het Basiswettenbestand, bijvoorbeeld BWBR0005290')
  .meta({ examples: ['BWBR0002458'] });

export const lon = numberParam(-180, 180, 'Lengtegraad (WGS84)').meta({ examples: [4.4776] });
export const lat = numberParam(-90, 90, 'Breedtegraad (WGS84)').meta({ examples: [51.9156] });

export const kvkNummer = z.string().regex(/^[0-9]{8}$/, { message: 'KvK-nummer is acht cijfers' }).describe('KvK-nummer (8 cijfers)').meta({ examples: ['97661948'] });
export const rsin = z.string().regex(/^[0-9]{9}$/, { message: 'RSIN is negen cijfers' }).describe('RSIN (9 cijfers)').meta({ examples: ['847343303'] });

/** Paging of the collection registers: rijen 1-500 (default 50) and start >= 0 (default 0). */
export const registerPaging = {
  rijen: intParam(1, 500, 'Aantal rijen per pagina (1-500)').default(50).meta({ examples: [10] }),
  start: intAtLeast(0, 'Index van de eerste rij (vanaf 0)').default(0).meta({ examples: [0] }),
};

/** Paging of the single-source search APIs: rows within per-operation bounds and start >= 0. */
export function rowsPaging(maxRows: number, defaultRows: number) {
  return {
    rows: intParam(1, maxRows, `Aantal resultaten (1-${maxRows})`).default(defaultRows).meta({ examples: [Math.min(5, maxRows)] }),
    start: intAtLeast(0, 'Index van het eerste resultaat (vanaf 0)').default(0).meta({ examples: [0] }),
  };
}

/** A radius in metres within the operation's bounds. */
export function radius(min: number, max: number, defaultValue: number) {
  return intParam(min, max, `Zoekstraal in meters (${min}-${max})`).default(defaultValue).meta({ examples: [defaultValue] });
}

/** A count of nearest results within the operation's bounds. */
export function nearestN(min: number, max: number, defaultValue: number) {
  return intParam(min, max, `Aantal resultaten (${min}-${max})`).default(defaultValue).meta({ examples: [defaultValue] });
}

/** A yes/no filter of the registers (ja or nee). */
export const jaNee = z.enum(['ja', 'nee']).meta({ examples: ['ja'] });
