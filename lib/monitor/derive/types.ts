// Shapes of the distribution monitor's derivation (lib/monitor/README.md): what it reads from the
// published registers (plain rows, no database types) and the market entities it derives, with the
// field names of the spec (vestiging, holding, hoofdholding).
import type { FspAddress, FspInstitution, FspLicence } from '@/lib/registers/fsp/group';

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
}

export type HoldingType = 'hoofdholding' | 'tussenholding';

/** An entity with a participation in one or more vestigingen (through LEI consolidation). */
export interface Holding {
  holding_id: string;
  naam: string;
  vestiging_ids: string[];
  hoofdholding_id: string;
  type: HoldingType;
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
