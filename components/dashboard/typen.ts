// The answers these views read, typed from the operations' own zod schemas where they export them (type-only
// imports: nothing of the server modules reaches the browser bundle), by hand where the schema is inline.
import type { z } from 'zod';
import type { hoofdholdingSchema } from '@/lib/services/distributiemonitor/hoofdholdings';
import type { Dekking } from '@/lib/services/distributiemonitor/markt';
import type { namenSchema } from '@/lib/services/distributiemonitor/namen';
import type { versieSchema } from '@/lib/services/distributiemonitor/versies';
import type { vestigingSchema } from '@/lib/services/distributiemonitor/vestigingen';
import type { wijzigingSchema } from '@/lib/services/distributiemonitor/wijziging-schema';

export type { Dekking };
export type Hoofdholding = z.infer<typeof hoofdholdingSchema>;
export type Vestiging = z.infer<typeof vestigingSchema>;
/**
 * A wijziging row as the views read it: oud and nieuw field by field, by the names in `velden` (the answer's
 * records are a Vestiging or a HoldingRecord; a view that reads any recorded field by name sees a map of them).
 */
export type Wijziging = Omit<z.infer<typeof wijzigingSchema>, 'oud' | 'nieuw'> & { oud: Record<string, unknown> | null; nieuw: Record<string, unknown> | null };
export type Versie = z.infer<typeof versieSchema>;
/** Name (and place) per vestiging_id or LEI an answer mentions (namen of the wijzigingen and structuur answers). */
export type Namen = z.infer<typeof namenSchema>;

/** GET /hoofdholdings */
export interface Hoofdholdings {
  totaal: number;
  hoofdholdings: Hoofdholding[];
  dekking: Dekking;
}

/** GET /versies */
export interface Versies {
  totaal: number;
  versies: Versie[];
  historie_vanaf: string | null;
}

/** One node of the ownership tree (lib/monitor/derive/structuur.ts). */
export interface StructuurKnoop {
  id: string;
  naam: string;
  type: 'hoofdholding' | 'tussenholding' | 'vestiging';
  kvk_nummer: string | null;
  /** Every vestiging in the subtree, ended ones too (ooit). */
  aantal_vestigingen: number;
  /** The active ones: the count every view shows (lib/monitor/derive/telling.ts). */
  aantal_vestigingen_actief: number;
  kinderen: StructuurKnoop[];
}

/** GET /hoofdholdings/{id}/structuur */
export interface StructuurAntwoord {
  boom: StructuurKnoop;
  totalen: { aantal_holdings: number; aantal_vestigingen: number; vestigingen_actief: number; diepte: number };
  afgekapt: boolean;
  sector_rang: number;
  wijzigingen: Wijziging[];
  /** The vestigingen under the hoofdholding (the fields of /vestigingen the view shows). */
  vestigingen: Pick<Vestiging, 'vestiging_id' | 'naam' | 'postcode' | 'huisnummer' | 'huisnummer_toevoeging' | 'plaats' | 'actief' | 'einde' | 'holding_id'>[];
  /** The rows of the whole structure over the versions, without the nulmeting. */
  geschiedenis: Wijziging[];
  /** Names of the ids the rows mention. */
  namen?: Namen;
  dekking: Dekking;
}

/** The paging fields of a list answer (paginaSchema of lib/services/distributiemonitor/markt.ts). */
export interface Pagina {
  totaal: number;
  start: number;
  rijen: number;
  volgende: string | null;
}

/** GET /vestigingen (one page) */
export interface VestigingenPagina extends Pagina {
  vestigingen: Vestiging[];
  dekking: Dekking;
}

/** GET /versies/{id}/wijzigingen (one page) */
export interface WijzigingenPagina extends Pagina {
  datasetversie: Versie;
  wijzigingen: Wijziging[];
  /** Names of the ids the rows mention. */
  namen?: Namen;
}
