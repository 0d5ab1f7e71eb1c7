// The monitor's data as tables: the rows and columns of the CSV answers of the entity lists, and
// the bulk export of one whole dataset_versie (enterprise): its complete state (every vestiging, holding,
// ranked hoofdholding and samenwerkingsverband), all wijziging rows of that version, and a manifest. Each
// table has exactly the columns of the matching list operation's CSV. Rows reference the market's own
// records (no copies of the big parts). Pure: market and rows in, tables out; bytes: export-pakket.ts.
import type { Samenwerkingsverband } from './derive/samenwerking';
import { aantalVestigingenActief } from './derive/telling';
import type { Hoofdholding, MarktHolding, MarktVestiging, WijzigingRij } from './derive/types';
import { holdingNaam } from './holding-naam';
import type { Markt } from './markt';
import type { DatasetVersie } from './store';
import { apiVestiging, apiWijziging, type ApiVestiging } from './vestiging-api';

/** One table: its name (the file name without .csv), its columns in order, its rows. */
export interface Tabel {
  naam: string;
  kolommen: readonly string[];
  rijen: readonly object[];
}

/** A column list that names every field of T exactly once; the compiler names a missing field. */
const kolommenVan =
  <T>() =>
  <const K extends readonly (keyof T & string)[]>(k: K & ([Exclude<keyof T, K[number]>] extends [never] ? unknown : { ontbreekt: Exclude<keyof T, K[number]> })): readonly string[] =>
    k;

/**
 * A vestiging as a table row: its fields with `koppeling` flattened into scalar columns (a CSV cell holds no
 * object); each is empty (null) when that link is absent or the version predates recorded links. huisnummer and
 * huisnummer_toevoeging as the JSON answers them (vestiging-api.ts).
 */
export type VestigingRij = Omit<ApiVestiging, 'koppeling'> & {
  koppeling_gleif_methode: string | null;
  koppeling_gleif_zekerheid: number | null;
  koppeling_dnb_relatienummer: string | null;
  koppeling_dnb_methode: string | null;
  koppeling_dnb_zekerheid: number | null;
};
/** aantal_vestigingen: every vestiging_id (ended ones too); aantal_vestigingen_actief: the count every view shows (derive/telling). */
export type HoldingRij = MarktHolding & { aantal_vestigingen: number; aantal_vestigingen_actief: number };
export type HoofdholdingRij = Hoofdholding & { aantal_vestigingen: number; aantal_vestigingen_actief: number; aandeel_pct: number };

/** A wijziging row for a table: the row, plus name, KvK number, place and hoofdholding before/after read from its records. */
export type WijzigingTabelRij = Pick<WijzigingRij, 'wijziging_id' | 'versie_id' | 'datum' | 'entiteit_type' | 'entiteit_id' | 'wijziging_type' | 'velden'> & {
  naam: string | null;
  kvk_nummer: string | null;
  plaats: string | null;
  hoofdholding_id_oud: string | null;
  hoofdholding_id_nieuw: string | null;
  oud: object | null;
  nieuw: object | null;
};

/** The columns of each table (the same order as the JSON answers of the list operations; a vestiging's koppeling flattened last). */
export const KOLOMMEN = {
  vestigingen: kolommenVan<VestigingRij>()([
    'vestiging_id', 'naam', 'kvk_nummer', 'postcode', 'huisnummer', 'huisnummer_toevoeging', 'plaats', 'actief', 'instelling_id', 'producten', 'hypotheek_diensten',
    'sinds', 'einde', 'handelsnamen', 'klachteninstituut', 'lei', 'holding_id', 'hoofdholding_id',
    'koppeling_gleif_methode', 'koppeling_gleif_zekerheid', 'koppeling_dnb_relatienummer', 'koppeling_dnb_methode', 'koppeling_dnb_zekerheid',
  ]),
  holdings: kolommenVan<HoldingRij>()(['holding_id', 'naam', 'vestiging_ids', 'hoofdholding_id', 'type', 'moeder_id', 'kvk_nummer', 'aantal_vestigingen', 'aantal_vestigingen_actief']),
  hoofdholdingen: kolommenVan<HoofdholdingRij>()(['hoofdholding_id', 'naam', 'holding_ids', 'vestiging_ids', 'sector_rang', 'aantal_vestigingen', 'aantal_vestigingen_actief', 'aandeel_pct']),
  samenwerkingsverbanden: kolommenVan<Samenwerkingsverband>()([
    'samenwerkingsverband_id', 'naam', 'soort', 'sleutels', 'vestiging_ids', 'kvk_nummers', 'aantal_vestigingen', 'aantal_organisaties', 'plaatsen',
  ]),
  wijzigingen: kolommenVan<WijzigingTabelRij>()([
    'wijziging_id', 'versie_id', 'datum', 'entiteit_type', 'entiteit_id', 'wijziging_type', 'naam', 'kvk_nummer', 'plaats',
    'hoofdholding_id_oud', 'hoofdholding_id_nieuw', 'velden', 'oud', 'nieuw',
  ]),
};

export type TabelNaam = keyof typeof KOLOMMEN;

/** A vestiging as a table row (VestigingRij): the API record (vestiging-api.ts) with koppeling flattened into its scalar columns. */
export function vestigingRij(v: MarktVestiging): VestigingRij {
  const { koppeling, ...rest } = apiVestiging(v);
  return {
    ...rest,
    koppeling_gleif_methode: koppeling?.gleif?.methode ?? null,
    koppeling_gleif_zekerheid: koppeling?.gleif?.zekerheid ?? null,
    koppeling_dnb_relatienummer: koppeling?.dnb?.relatienummer ?? null,
    koppeling_dnb_methode: koppeling?.dnb?.methode ?? null,
    koppeling_dnb_zekerheid: koppeling?.dnb?.zekerheid ?? null,
  };
}

/** A holding as a row: its vestigingen counted both ways (ever, and active as every view shows them). */
export const holdingRij = (h: MarktHolding, vestiging: Markt['vestiging']): HoldingRij => ({
  ...h,
  aantal_vestigingen: h.vestiging_ids.length,
  aantal_vestigingen_actief: aantalVestigingenActief(h.vestiging_ids, vestiging),
});

/**
 * The ranked hoofdholdingen with their vestigingen (ever and active) and the share of their active
 * vestigingen in all active vestigingen (in %, one decimal): count and share are the same definition.
 */
export function hoofdholdingRijen(m: Markt): HoofdholdingRij[] {
  const actief = m.versie.aantallen.vestigingen_actief ?? m.vestigingen.filter((v) => v.actief).length;
  return m.hoofdholdingen.map((h) => {
    const n = aantalVestigingenActief(h.vestiging_ids, m.vestiging);
    return { ...h, aantal_vestigingen: h.vestiging_ids.length, aantal_vestigingen_actief: n, aandeel_pct: actief === 0 ? 0 : Math.round((1000 * n) / actief) / 10 };
  });
}

const veld = (r: object | null, k: string): string | null => {
  const w = (r as Record<string, unknown> | null)?.[k];
  return typeof w === 'string' ? w : null;
};

/**
 * A wijziging row with the columns an analyst filters on first; naam, kvk_nummer and plaats from the new record,
 * else the old (a holding's naam by the one rule); oud and nieuw as the JSON answers them (vestiging-api.ts).
 */
export function wijzigingTabelRij(stored: WijzigingRij): WijzigingTabelRij {
  const w = apiWijziging(stored);
  const record = w.nieuw ?? w.oud;
  return {
    wijziging_id: w.wijziging_id,
    versie_id: w.versie_id,
    datum: w.datum,
    entiteit_type: w.entiteit_type,
    entiteit_id: w.entiteit_id,
    wijziging_type: w.wijziging_type,
    // A holding GLEIF gives no name carries its LEI as naam in its record: named by the one rule (holding-naam.ts).
    naam: w.entiteit_type === 'vestiging' ? veld(record, 'naam') : holdingNaam(veld(record, 'naam'), w.entiteit_id),
    kvk_nummer: veld(record, 'kvk_nummer'),
    plaats: veld(record, 'plaats'),
    hoofdholding_id_oud: veld(w.oud, 'hoofdholding_id'),
    hoofdholding_id_nieuw: veld(w.nieuw, 'hoofdholding_id'),
    velden: w.velden,
    oud: w.oud,
    nieuw: w.nieuw,
  };
}

export interface ExportInvoer {
  /** The market of the version (state as of the version: stored or replayed). */
  markt: Markt;
  /** All samenwerkingsverbanden of the version, largest first. */
  samenwerkingsverbanden: readonly Samenwerkingsverband[];
  /** All wijziging rows of the version, in row order. */
  wijzigingen: readonly WijzigingRij[];
}

/** The tables of a whole version: vestigingen and holdings by id, hoofdholdingen by rank, samenwerkingsverbanden by size, wijzigingen by row id. */
export function exportTabellen(i: ExportInvoer): Tabel[] {
  const byId = <T>(xs: readonly T[], id: (x: T) => string) => [...xs].sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
  const tabellen: Record<TabelNaam, readonly object[]> = {
    vestigingen: byId(i.markt.vestigingen, (v) => v.vestiging_id).map(vestigingRij),
    holdings: byId(i.markt.holdings, (h) => h.holding_id).map((h) => holdingRij(h, i.markt.vestiging)),
    hoofdholdingen: hoofdholdingRijen(i.markt),
    samenwerkingsverbanden: i.samenwerkingsverbanden,
    wijzigingen: i.wijzigingen.map(wijzigingTabelRij),
  };
  return (Object.keys(KOLOMMEN) as TabelNaam[]).map((naam) => ({ naam, kolommen: KOLOMMEN[naam], rijen: tabellen[naam] }));
}

/** A source of the version as the manifest lists it. */
export interface ManifestBron {
  register: string;
  bron: string;
  titel: string;
  licentie: string;
  attributie: string;
  import_id: number;
  peildatum: string;
  sha256: string | null;
  voorbeelddata: boolean;
}

export interface ExportManifest {
  dataset: 'distributiemonitor';
  versie_id: number;
  peildatum: string;
  gepubliceerd_op: string;
  gegenereerd_op: string;
  voorbeelddata: boolean;
  /** The sample-data label when a source is generated sample data; null for real data. */
  label: string | null;
  bronnen: ManifestBron[];
  /** Per table: its rows and columns. */
  tabellen: { naam: string; rijen: number; kolommen: readonly string[] }[];
  /** The version's counts as published (/versies): vestigingen, holdings, hoofdholdingen, samenwerkingsverbanden, … */
  aantallen: Record<string, number>;
  /** Wijziging rows of the version per entiteit_type and wijziging_type. */
  changelog: Record<string, Record<string, number>>;
}

export function exportManifest(
  v: DatasetVersie,
  tabellen: readonly Tabel[],
  bronnen: ManifestBron[],
  gegenereerdOp: string,
  voorbeeldLabel: string,
): ExportManifest {
  return {
    dataset: 'distributiemonitor',
    versie_id: v.id,
    peildatum: v.peildatum,
    gepubliceerd_op: v.gepubliceerd_op,
    gegenereerd_op: gegenereerdOp,
    voorbeelddata: v.voorbeeld,
    label: v.voorbeeld ? voorbeeldLabel : null,
    bronnen,
    tabellen: tabellen.map((t) => ({ naam: t.naam, rijen: t.rijen.length, kolommen: t.kolommen })),
    aantallen: v.aantallen,
    changelog: v.samenvatting,
  };
}
