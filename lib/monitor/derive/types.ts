// Shapes of the distribution monitor's derivation (lib/monitor/README.md): what it reads from the
// published registers (plain rows, no database types) and the market entities it derives, with the
// field names of the spec (vestiging, holding, hoofdholding).
import type { FspAddress, FspInstitution, FspLicence } from '@/lib/registers/fsp/group';
import type { KoppelMethode } from './koppeling';

/** A licence of an fsp institution as the register serves it (products with their services). */
export type MonitorVergunning = FspLicence;

/**
 * An institution of the advice register (fsp) with its licences: its main address and, when the export
 * lists more (one row per address), the others in `adressen`.
 */
export type MonitorFspInstelling = Pick<
  FspInstitution,
  'id' | 'naam' | 'handelsnamen' | 'kvk_nummer' | 'adres' | 'postcode' | 'plaats' | 'klachteninstituut' | 'vergunningen'
> & { adressen?: Pick<FspAddress, 'adres' | 'postcode' | 'plaats'>[] };

/** A Dutch LEI entity (only what the ownership walk needs). */
export interface MonitorLeiEntiteit {
  lei: string;
  naam: string;
  kvk_nummer: string | null;
  status: string;
  /** City of the legal address (for the name + place link; absent: not read). */
  plaats?: string | null;
}

/** A GLEIF Level 2 relationship: start_lei IS_..._CONSOLIDATED_BY end_lei. */
export interface MonitorLeiRelatie {
  start_lei: string;
  end_lei: string;
  type: string;
  status: string | null;
  perioden: { start: string | null; eind: string | null; type: string | null }[];
}

/** A physical advice location. */
export interface Vestiging {
  vestiging_id: string;
  naam: string;
  kvk_nummer: string;
  postcode: string | null;
  huisnummer: string | null;
  plaats: string | null;
  actief: boolean;
  /** The fsp institution it comes from. */
  instelling_id: string;
  /** Products with an advice or intermediation service in a licence valid at the peildatum. */
  producten: string[];
  /** Advice/intermediation services on the product 'Hypothecair krediet' in a licence valid at the peildatum. */
  hypotheek_diensten: string[];
  /** Earliest start date (YYYY-MM-DD) of the institution's advice licences; null when none is stated. */
  sinds: string | null;
  /** When no advice licence is valid: the latest end date (YYYY-MM-DD); null while active. */
  einde: string | null;
  /** Trade names and complaints-institute membership of the institution (for samenwerkingsverbanden). */
  handelsnamen: string[];
  klachteninstituut: string | null;
}

export type HoldingType = 'hoofdholding' | 'tussenholding';

/** An entity with a participation in one or more vestigingen (through LEI consolidation). */
export interface Holding {
  holding_id: string;
  naam: string;
  vestiging_ids: string[];
  hoofdholding_id: string;
  type: HoldingType;
  /** The holding directly above this one (null for a hoofdholding). */
  moeder_id: string | null;
  kvk_nummer: string | null;
}

/** The top of an ownership chain. */
export interface Hoofdholding {
  hoofdholding_id: string;
  naam: string;
  holding_ids: string[];
  vestiging_ids: string[];
  /** 1 = most vestigingen (ties: name, then id). */
  sector_rang: number;
}

// ---- The monitor's state and its changes ---------------------------------------------------------

/** How a vestiging's institution was linked to another register (derive/koppeling.ts). */
export interface KoppelingInfo {
  methode: KoppelMethode;
  /** 1 for the KvK number, 0.9 for the statutory name + place, 0.75 for a trade name + place (ZEKERHEID). */
  zekerheid: number;
}

/** The links of a vestiging's institution: to its LEI entity in GLEIF (the id is `lei`) and to a DNB institution. */
export interface VestigingKoppeling {
  gleif: KoppelingInfo | null;
  dnb: (KoppelingInfo & { relatienummer: string }) | null;
}

/** A vestiging in the monitor's state: the derived location with its place in the ownership structure. */
export interface MarktVestiging extends Vestiging {
  /** The LEI of its institution (on KvK number, else a unique name + place), null when none. */
  lei: string | null;
  /** The holding directly above its institution; null when independent. */
  holding_id: string | null;
  /** The top of its ownership chain; null when independent. */
  hoofdholding_id: string | null;
  /** How it was linked to LEI and DNB; null in records of versions made before links were recorded. */
  koppeling: VestigingKoppeling | null;
}

/** A holding in the monitor's state (a hoofdholding is a holding of type 'hoofdholding'). */
export type MarktHolding = Holding;

export type EntiteitType = 'vestiging' | 'holding' | 'hoofdholding';
export const ENTITEIT_TYPES: readonly EntiteitType[] = ['vestiging', 'holding', 'hoofdholding'];
export type WijzigingType = 'nieuw' | 'beëindigd' | 'gewijzigd' | 'overgenomen' | 'verhuisd';
export const WIJZIGING_TYPES: readonly WijzigingType[] = ['nieuw', 'beëindigd', 'gewijzigd', 'overgenomen', 'verhuisd'];

/**
 * One change between two versions of the market. `nieuw` is the entity's complete record after the change
 * (null: it is gone from the market, e.g. a holding without vestigingen, or the old address of a move);
 * `oud` the complete record before (null for nieuw). `velden` names the fields that differ.
 */
export interface Wijziging {
  entiteit_type: EntiteitType;
  entiteit_id: string;
  wijziging_type: WijzigingType;
  oud: MarktVestiging | MarktHolding | null;
  nieuw: MarktVestiging | MarktHolding | null;
  velden: string[];
}

/** A stored change: appended to the version that found it, dated with that version's peildatum. */
export interface WijzigingRij extends Wijziging {
  wijziging_id: number;
  versie_id: number;
  /** The peildatum (YYYY-MM-DD) of the version. */
  datum: string;
}

/** A published version of the monitor (dataset_versie). */
export interface VersieInfo {
  id: number;
  /** The market's reference date (YYYY-MM-DD): the latest peildatum of its sources. */
  peildatum: string;
  /** True for the first version: its wijziging rows are the baseline (every entity 'nieuw'), not movement. */
  eerste: boolean;
}
