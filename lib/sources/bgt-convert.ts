// Conversion of BGT (Basisregistratie Grootschalige Topografie, IMGeo) features of PDOK's OGC API
// (api.pdok.nl/lv/bgt/ogc/v1) to characteristics without geometry. Property names: the snake_case names
// PDOK serves (lokaal_id, bgt_status, plus_status, bgt_type, plus_type, bgt_functie, plus_functie,
// bgt_fysiek_voorkomen, plus_fysiek_voorkomen, relatieve_hoogteligging, identificatie_bag_pnd, tekst,
// openbare_ruimte_type, identificatie_bag_opr, ...), with the shorter aliases other PDOK BGT products and
// third-party code use (identificatie_lokaal_id, status, type, functie, fysiek_voorkomen). The exact column
// names of the live OGC API were not verified (sources-live.md: BGT is [D only]), hence the aliases.
// Features that carry an end of registration (a retired version: eind_registratie / termination_date) are
// left out, so only current objects count. Pure functions; I/O is in bgt.ts.
import { z } from 'zod';
import type { OgcFeature } from './bag-ogc-convert';
import { bagId } from './bag-ogc-convert';
import { lowerKeys, num, str } from './values';

/**
 * The eight BGT collections of /v1/punt/{lon}/{lat}/bgt, in this one place: key (the API field) → OGC API
 * collection id. Street furniture is the IMGeo class `straatmeubilair` (benches, waste bins, bicycle racks,
 * play equipment, ...); the other point furniture classes (paal, bak, bord, kast, mast, put, sensor) are
 * separate collections and are not asked.
 */
export const BGT_COLLECTIES = {
  pandvlakken: 'pand',
  wegdelen: 'wegdeel',
  waterdelen: 'waterdeel',
  begroeiing: 'begroeidterreindeel',
  functionele_gebieden: 'functioneelgebied',
  straatnamen: 'openbareruimtelabel',
  straatmeubilair: 'straatmeubilair',
  overbruggingen: 'overbruggingsdeel',
} as const;
export type BgtCollectie = keyof typeof BGT_COLLECTIES;
export const BGT_COLLECTIE_KEYS = Object.keys(BGT_COLLECTIES) as BgtCollectie[];

const nul = (d: string) => z.string().nullable().describe(d);

export const bgtObjectSchema = z.object({
  identificatie: nul('Lokaal id van het BGT-object (bronhoudercode, punt, 32 hexadecimale tekens), bijvoorbeeld G0599.4f1c…'),
  bronhouder: nul('Code van de bronhouder, bijvoorbeeld G0599 (gemeente Rotterdam)'),
  status: nul('BGT-status, bijvoorbeeld bestaand of plan'),
  plus_status: nul('IMGeo-plusstatus, bijvoorbeeld geenWaarde'),
  type: nul('BGT-type (functioneel gebied, straatmeubilair, overbruggingsdeel), bijvoorbeeld kering of bank'),
  plus_type: nul('IMGeo-plustype'),
  functie: nul('BGT-functie (wegdelen), bijvoorbeeld rijbaan lokale weg, voetpad of fietspad'),
  plus_functie: nul('IMGeo-plusfunctie (wegdelen)'),
  fysiek_voorkomen: nul('Fysiek voorkomen, bijvoorbeeld gesloten verharding, groenvoorziening of waterloop'),
  plus_fysiek_voorkomen: nul('IMGeo-plus fysiek voorkomen, bijvoorbeeld asfalt of gras- en kruidachtigen'),
  relatieve_hoogteligging: z.number().int().nullable().describe('Relatieve hoogteligging: 0 op maaiveld, negatief eronder, positief erboven'),
  in_onderzoek: z.boolean().nullable().describe('true als de bronhouder het object onderzoekt'),
  object_begin_tijd: z.iso.date().nullable().describe('Datum (JJJJ-MM-DD) waarop het object in de werkelijkheid ontstond (zoals de bronhouder registreerde)'),
  afstand_m: z.number().describe('Afstand in meters van het gevraagde punt tot de geometrie (0 = het punt ligt erin)'),
}).meta({ id: 'BgtObject' });
export type BgtObject = Omit<z.infer<typeof bgtObjectSchema>, 'afstand_m'>;

export const bgtPandSchema = bgtObjectSchema.extend({
  bag_pand_id: z.string().nullable().describe('BAG-pandidentificatie (16 cijfers): de koppeling met de Basisregistratie Adressen en Gebouwen'),
});
export const bgtLabelSchema = bgtObjectSchema.extend({
  naam: nul('Naam van de openbare ruimte zoals op de kaart (labeltekst)'),
  openbare_ruimte_type: nul('Type openbare ruimte, bijvoorbeeld Weg of Water'),
  bag_openbare_ruimte_id: z.string().nullable().describe('BAG-openbareruimte-identificatie (16 cijfers)'),
});
export const bgtFunctioneelGebiedSchema = bgtObjectSchema.extend({ naam: nul('Naam van het functionele gebied') });
export const bgtOverbruggingSchema = bgtObjectSchema.extend({
  hoort_bij_type_overbrugging: nul('Soort overbrugging waartoe het deel hoort, bijvoorbeeld brug of viaduct'),
  beweegbaar: z.boolean().nullable().describe('true als de overbrugging beweegbaar is'),
});

/** The item schema per collection key (the API documents each list with its own fields). */
export const BGT_ITEM_SCHEMAS: Record<BgtCollectie, z.ZodObject<z.ZodRawShape>> = {
  pandvlakken: bgtPandSchema,
  wegdelen: bgtObjectSchema,
  waterdelen: bgtObjectSchema,
  begroeiing: bgtObjectSchema,
  functionele_gebieden: bgtFunctioneelGebiedSchema,
  straatnamen: bgtLabelSchema,
  straatmeubilair: bgtObjectSchema,
  overbruggingen: bgtOverbruggingSchema,
};

function pick(p: Record<string, unknown>, ...keys: string[]): unknown {
  for (const k of keys) if (p[k] !== undefined && p[k] !== null && p[k] !== '') return p[k];
  return null;
}

/** The feature's properties with their keys in lower case (an upstream may write LOKAAL_ID or Lokaal_Id). */
function props(feature: OgcFeature): Record<string, unknown> {
  return lowerKeys(feature.properties) ?? {};
}

function bool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const v = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (v === 'true' || v === 1 || v === '1' || v === 'j') return true;
  if (v === 'false' || v === 0 || v === '0' || v === 'n') return false;
  return null;
}

/** 'waardeOnbekend' and 'geenWaarde' are IMGeo's "no value" codes: null (plus_status keeps geenWaarde, see there). */
function waarde(value: unknown): string | null {
  const s = str(value);
  return s === 'waardeOnbekend' || s === 'geenWaarde' ? null : s;
}

/** Whether a feature is a retired version (it has an end of registration). */
export function isVervallen(feature: OgcFeature): boolean {
  const p = props(feature);
  return pick(p, 'eind_registratie', 'eindregistratie', 'termination_date') !== null;
}

/** The characteristics every BGT object has; null for a retired version. */
export function toBgtObject(feature: OgcFeature): BgtObject | null {
  if (isVervallen(feature)) return null;
  const p = props(feature);
  const id = str(pick(p, 'lokaal_id', 'identificatie_lokaal_id', 'lokaalid', 'gml_id'));
  const relatief = num(pick(p, 'relatieve_hoogteligging', 'relatievehoogteligging'));
  // geenWaarde is a real plus status ("no IMGeo plus status"); waardeOnbekend is unknown, hence null.
  const plusStatus = str(pick(p, 'plus_status', 'plus-status'));
  return {
    identificatie: id,
    bronhouder: str(pick(p, 'bronhouder')) ?? (id && /^[A-Z][0-9]{4}\./.test(id) ? id.slice(0, 5) : null),
    status: str(pick(p, 'bgt_status', 'status', 'bgt-status')),
    plus_status: plusStatus === 'waardeOnbekend' ? null : plusStatus,
    type: waarde(pick(p, 'bgt_type', 'type', 'bgt-type', 'type_overbruggingsdeel', 'typeoverbruggingsdeel')),
    plus_type: waarde(pick(p, 'plus_type', 'plus-type')),
    functie: waarde(pick(p, 'bgt_functie', 'functie', 'bgt-functie')),
    plus_functie: waarde(pick(p, 'plus_functie', 'plus-functie')),
    fysiek_voorkomen: waarde(pick(p, 'bgt_fysiek_voorkomen', 'fysiek_voorkomen', 'bgt-fysiekvoorkomen')),
    plus_fysiek_voorkomen: waarde(pick(p, 'plus_fysiek_voorkomen', 'plus-fysiekvoorkomen')),
    relatieve_hoogteligging: relatief === null ? null : Math.trunc(relatief),
    in_onderzoek: bool(pick(p, 'in_onderzoek', 'inonderzoek')),
    object_begin_tijd: str(pick(p, 'object_begin_tijd', 'objectbegintijd', 'creation_date')),
  };
}

/** A BGT pand with its BAG pand id. */
export function toBgtPand(feature: OgcFeature) {
  const o = toBgtObject(feature);
  if (!o) return null;
  const p = props(feature);
  return { ...o, bag_pand_id: bagId(pick(p, 'identificatie_bag_pnd', 'identificatiebagpnd', 'identificatie_bagpnd')) };
}

/** A street or water name label; a label without text is kept (naam null: its street id may still be known). */
export function toBgtLabel(feature: OgcFeature) {
  const o = toBgtObject(feature);
  if (!o) return null;
  const p = props(feature);
  return {
    ...o,
    naam: str(pick(p, 'tekst', 'openbare_ruimte_naam', 'naam')),
    openbare_ruimte_type: str(pick(p, 'openbare_ruimte_type', 'openbareruimtetype')),
    bag_openbare_ruimte_id: bagId(pick(p, 'identificatie_bag_opr', 'identificatiebagopr')),
  };
}

/** A functional area (e.g. a retaining structure or a flood defence zone) with its name. */
export function toBgtFunctioneelGebied(feature: OgcFeature) {
  const o = toBgtObject(feature);
  if (!o) return null;
  return { ...o, naam: str(pick(props(feature), 'naam')) };
}

/** A bridging part with the kind of bridge it belongs to and whether it can move. */
export function toBgtOverbrugging(feature: OgcFeature) {
  const o = toBgtObject(feature);
  if (!o) return null;
  const p = props(feature);
  return {
    ...o,
    hoort_bij_type_overbrugging: waarde(pick(p, 'hoort_bij_type_overbrugging', 'hoortbijtypeoverbrugging')),
    beweegbaar: bool(pick(p, 'overbrugging_is_beweegbaar', 'overbruggingisbeweegbaar', 'beweegbaar')),
  };
}

/** The conversion per collection key. */
export const BGT_CONVERTERS: Record<BgtCollectie, (f: OgcFeature) => object | null> = {
  pandvlakken: toBgtPand,
  wegdelen: toBgtObject,
  waterdelen: toBgtObject,
  begroeiing: toBgtObject,
  functionele_gebieden: toBgtFunctioneelGebied,
  straatnamen: toBgtLabel,
  straatmeubilair: toBgtObject,
  overbruggingen: toBgtOverbrugging,
};
