// Conversion of the CBS table "Gemiddelde energietarieven voor consumenten" (85592NED; earlier 84672NED)
// into the newest monthly all-in consumer prices of natural gas and electricity. Pure functions.
// Measures are found by their Title and TopicGroup (Aardgas / Elektriciteit) in DataProperties, because
// the keys carry position suffixes that differ between editions (Energiebelasting_6, _12, _14 …).
import { z } from 'zod';
import type { DataProperty, DimensionCategory, TypedRow } from '@/lib/sources/cbs-statline';

export type Drager = 'aardgas' | 'elektriciteit';
export type Component =
  | 'transporttarief'
  | 'vast_leveringstarief'
  | 'variabel_leveringstarief'
  | 'variabel_leveringstarief_dynamisch'
  | 'opslag_duurzame_energie'
  | 'energiebelasting'
  | 'vermindering_energiebelasting';

export interface Measure {
  key: string;
  title: string;
  unit: string | null;
}
export type MeasureMap = Record<Drager, Partial<Record<Component, Measure>>>;

/** Components charged per unit (m3 or kWh); the others are amounts per year. */
const PER_UNIT: ReadonlySet<Component> = new Set([
  'variabel_leveringstarief',
  'variabel_leveringstarief_dynamisch',
  'opslag_duurzame_energie',
  'energiebelasting',
]);

/** Classifies a measure title; order matters ("Vast leveringstarief vaste en variabele contracten" is fixed). */
export function classifyTitle(title: string): Component | null {
  const t = title.toLowerCase();
  if (t.includes('vermindering')) return 'vermindering_energiebelasting';
  if (t.includes('energiebelasting')) return 'energiebelasting';
  if (t.includes('opslag duurzame energie') || /\bode\b/.test(t)) return 'opslag_duurzame_energie';
  if (t.includes('transport') || t.includes('netbeheer')) return 'transporttarief';
  if (t.includes('levering')) {
    if (/^vast|\bvaste? leverings/.test(t)) return 'vast_leveringstarief';
    if (/^variabel|\bvariabele? leverings/.test(t)) return t.includes('dynamisch') ? 'variabel_leveringstarief_dynamisch' : 'variabel_leveringstarief';
  }
  return null;
}

function dragerOfText(text: string): Drager | null {
  const t = text.toLowerCase();
  if (/aardgas|\bgas\b/.test(t)) return 'aardgas';
  if (/elektriciteit|stroom/.test(t)) return 'elektriciteit';
  return null;
}

/** Finds, per energy carrier, the key of each price component by Title, TopicGroup and Unit. */
export function findMeasures(props: DataProperty[]): MeasureMap {
  const byId = new Map(props.map((p) => [p.ID, p]));
  const map: MeasureMap = { aardgas: {}, elektriciteit: {} };
  const topics = props
    .filter((p) => p.Type === 'Topic' && p.Key && p.Title)
    .sort((a, b) => (a.Position ?? a.ID) - (b.Position ?? b.ID));
  for (const topic of topics) {
    const component = classifyTitle(topic.Title as string);
    if (!component) continue;
    const unit = topic.Unit?.trim() || null;
    const perYear = unit ? /jaar/i.test(unit) : null;
    if (perYear !== null && perYear === PER_UNIT.has(component)) continue; // unit contradicts the title
    const drager = dragerOfGroups(topic, byId) ?? (unit && PER_UNIT.has(component) ? dragerOfUnit(unit) : null);
    if (!drager || map[drager][component]) continue;
    map[drager][component] = { key: topic.Key as string, title: topic.Title as string, unit };
  }
  return map;
}

function dragerOfGroups(topic: DataProperty, byId: Map<number, DataProperty>): Drager | null {
  let parentId = topic.ParentID ?? null;
  for (let depth = 0; parentId !== null && depth < 10; depth++) {
    const group = byId.get(parentId);
    if (!group) break;
    const found = dragerOfText(`${group.Title ?? ''} ${group.Key ?? ''}`);
    if (found) return found;
    parentId = group.ParentID ?? null;
  }
  return null;
}

function dragerOfUnit(unit: string): Drager | null {
  if (/m3|m³/i.test(unit)) return 'aardgas';
  if (/kwh/i.test(unit)) return 'elektriciteit';
  return null;
}

/** The key of the VAT dimension (Title or Key mentions btw), or null. */
export function findVatDimension(props: DataProperty[]): string | null {
  const dim = props.find((p) => /Dimension$/.test(p.Type) && p.Type !== 'TimeDimension' && /btw/i.test(`${p.Title ?? ''} ${p.Key ?? ''}`));
  return dim?.Key ?? null;
}

/** The key of the time dimension (Perioden), or null. */
export function findTimeDimension(props: DataProperty[]): string | null {
  return props.find((p) => p.Type === 'TimeDimension')?.Key ?? null;
}

/** The VAT-inclusive category, chosen by its title ("Inclusief btw"), never by its code. */
export function pickInclVat(categories: DimensionCategory[]): DimensionCategory | null {
  return categories.find((c) => /\binc(l\.?|lusief)\s*(btw|belasting)/i.test(c.Title ?? '') && !/exclusief|excl\./i.test(c.Title ?? '')) ?? null;
}

const MONTH = /^(\d{4})MM(0[1-9]|1[0-2])$/;

/** The newest monthly periods (codes like 2025MM09), newest first; year totals (2024JJ00) are skipped. */
export function newestMonths(periods: DimensionCategory[], n: number): DimensionCategory[] {
  return periods
    .filter((p) => MONTH.test(p.Key))
    .sort((a, b) => b.Key.localeCompare(a.Key))
    .slice(0, n);
}

/** "2025MM09" -> "2025-09". */
export function peilmaandOf(periodCode: string): string | null {
  const m = MONTH.exec(periodCode.trim());
  return m ? `${m[1]}-${m[2]}` : null;
}

const num = z.number().nullable();

const vasteTarievenSchema = z.object({
  vast_leveringstarief_per_jaar: num.describe('Vaste leveringskosten (vastrecht) in euro per jaar'),
  transporttarief_per_jaar: num.describe('Transport- of netbeheerkosten in euro per jaar'),
  vermindering_energiebelasting_per_jaar: num.describe('Vermindering energiebelasting in euro per jaar (negatief); alleen elektriciteit'),
}).meta({ id: 'VasteTarieven' });

const componentenSchema = z.object({
  variabel_leveringstarief: z.number().describe('Variabel leveringstarief (contractprijs)'),
  opslag_duurzame_energie: num.describe('Opslag duurzame energie (ODE); null als de tabel die niet (meer) heeft'),
  energiebelasting: z.number().describe('Energiebelasting'),
});

function dragerSchema(eenheid: string) {
  return z.object({
    eenheid: z.string().describe(`Eenheid van all-in prijs en componenten (${eenheid})`),
    componenten: componentenSchema.describe(`Onderdelen van de all-in prijs, in ${eenheid}, inclusief btw`),
    variabel_leveringstarief_dynamisch: num.describe('Gemiddeld variabel leveringstarief van dynamische contracten, indien gepubliceerd'),
    vaste_tarieven: vasteTarievenSchema.describe('Vaste tarieven per jaar, inclusief btw'),
    cbs_sleutels: z.record(z.string(), z.string()).describe('Herkomst: per onderdeel de gebruikte kolom (Key) van de CBS-tabel'),
  });
}

const allInText = (eenheid: string) =>
  `All-in prijs in ${eenheid}, inclusief btw: variabel leveringstarief + ODE (waar aanwezig) + energiebelasting`;

export const energiePrijzenSchema = z.object({
  peilmaand: z.string().describe('Maand waarop de prijzen betrekking hebben (JJJJ-MM)'),
  periode_code: z.string().describe('Periodecode in de CBS-tabel, bijvoorbeeld 2025MM09'),
  voorlopig: z.boolean().nullable().describe('true als het CBS de cijfers van deze maand voorlopig noemt; null als onbekend'),
  btw: z.literal('inclusief').describe('Alle bedragen zijn inclusief btw'),
  tabel: z.string().describe('CBS-tabel, bijvoorbeeld 85592NED'),
  aardgas: dragerSchema('euro per m3')
    .extend({ all_in_per_m3: z.number().describe(allInText('euro per m3')) })
    .describe('Aardgas: gemiddelde consumentenprijs per m3 en vaste tarieven'),
  elektriciteit: dragerSchema('euro per kWh')
    .extend({ all_in_per_kwh: z.number().describe(allInText('euro per kWh')) })
    .describe('Elektriciteit: gemiddelde consumentenprijs per kWh en vaste tarieven'),
});
export type EnergiePrijzen = z.infer<typeof energiePrijzenSchema>;

export interface ConvertInput {
  tabel: string;
  rows: TypedRow[];
  measures: MeasureMap;
  timeDimension: string;
  /** When given, rows of another VAT category are ignored. */
  vat?: { dimension: string; key: string };
  /** The period categories (for the voorlopig status). */
  periods: DimensionCategory[];
}

/** The newest month for which both carriers have a supply tariff and an energy tax; null if none. */
export function convertPrijzen(input: ConvertInput): EnergiePrijzen | null {
  const { rows, measures, timeDimension, vat } = input;
  if (!hasCore(measures.aardgas) || !hasCore(measures.elektriciteit)) return null;
  const candidates = rows
    .filter((r) => !vat || String(r[vat.dimension] ?? '').trim() === vat.key)
    .filter((r) => peilmaandOf(String(r[timeDimension] ?? '')) !== null)
    .sort((a, b) => String(b[timeDimension]).localeCompare(String(a[timeDimension])));

  for (const row of candidates) {
    const gas = drager(row, measures.aardgas);
    const stroom = drager(row, measures.elektriciteit);
    if (!gas || !stroom) continue;
    const code = String(row[timeDimension]).trim();
    const status = input.periods.find((p) => p.Key === code)?.Status ?? null;
    return {
      peilmaand: peilmaandOf(code) as string,
      periode_code: code,
      voorlopig: status ? /voorlopig/i.test(status) : null,
      btw: 'inclusief',
      tabel: input.tabel,
      aardgas: { all_in_per_m3: gas.allIn, eenheid: 'euro per m3', ...gas.rest },
      elektriciteit: { all_in_per_kwh: stroom.allIn, eenheid: 'euro per kWh', ...stroom.rest },
    };
  }
  return null;
}

function hasCore(m: Partial<Record<Component, Measure>>): boolean {
  return Boolean(m.variabel_leveringstarief && m.energiebelasting);
}

function drager(row: TypedRow, m: Partial<Record<Component, Measure>>) {
  const value = (c: Component): number | null => {
    const key = m[c]?.key;
    const v = key ? row[key] : null;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  const variabel = value('variabel_leveringstarief');
  const eb = value('energiebelasting');
  if (variabel === null || eb === null) return null;
  const ode = value('opslag_duurzame_energie');
  const sleutels: Record<string, string> = {};
  for (const [c, measure] of Object.entries(m)) if (measure) sleutels[c] = measure.key;
  return {
    allIn: round(variabel + (ode ?? 0) + eb, 5),
    rest: {
      componenten: { variabel_leveringstarief: variabel, opslag_duurzame_energie: ode, energiebelasting: eb },
      variabel_leveringstarief_dynamisch: value('variabel_leveringstarief_dynamisch'),
      vaste_tarieven: {
        vast_leveringstarief_per_jaar: value('vast_leveringstarief'),
        transporttarief_per_jaar: value('transporttarief'),
        vermindering_energiebelasting_per_jaar: value('vermindering_energiebelasting'),
      },
      cbs_sleutels: sleutels,
    },
  };
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** The measure keys a TypedDataSet call needs ($select), dimensions first. */
export function selectKeys(measures: MeasureMap, dimensions: string[]): string[] {
  const keys = [...dimensions];
  for (const m of [measures.aardgas, measures.elektriciteit]) {
    for (const measure of Object.values(m)) if (measure && !keys.includes(measure.key)) keys.push(measure.key);
  }
  return keys;
}
