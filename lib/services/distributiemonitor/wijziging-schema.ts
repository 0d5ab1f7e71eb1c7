// The shape of one wijziging row as the monitor's operations answer it (versions, structure, alerts).
import { z } from 'zod';
import { ENTITEIT_TYPES, WIJZIGING_TYPES } from '@/lib/monitor/derive/types';
import { holdingSchema } from './holdings';
import { vestigingSchema } from './vestigingen';

export const entiteitTypeParam = z.enum(ENTITEIT_TYPES as [string, ...string[]]);
export const wijzigingTypeParam = z.enum(WIJZIGING_TYPES as [string, ...string[]]);

/** The recorded fields of a holding or hoofdholding (MarktHolding): a Holding of /holdings without its counts. */
export const holdingRecordSchema = holdingSchema
  .omit({ aantal_vestigingen: true, aantal_vestigingen_actief: true })
  .meta({ id: 'HoldingRecord', description: 'Het vastgelegde record van een holding of hoofdholding (zonder de tellingen van /holdings)' });

/**
 * What a wijziging row records of its entity (or null): a vestiging (MarktVestiging, the Vestiging of /vestigingen) or a
 * holding or hoofdholding (MarktHolding); vestiging_id or holding_id tells which.
 */
const recordSchema = z.union([vestigingSchema, holdingRecordSchema, z.null()]);

export const wijzigingSchema = z.object({
  wijziging_id: z.number().int(),
  versie_id: z.number().int(),
  datum: z.iso.date().describe('Peildatum van de versie die de wijziging vond'),
  entiteit_type: entiteitTypeParam,
  entiteit_id: z.string(),
  wijziging_type: wijzigingTypeParam,
  velden: z.array(z.string()).describe('De velden die verschillen tussen oud en nieuw; huisnummer staat voor het hele huisnummer (huisnummer en/of huisnummer_toevoeging)'),
  oud: recordSchema.describe('Volledig record vóór de wijziging (null bij nieuw): een Vestiging bij entiteit_type vestiging, anders een HoldingRecord'),
  nieuw: recordSchema.describe('Volledig record erna (null: verdwenen, zoals het oude adres bij verhuisd): een Vestiging bij entiteit_type vestiging, anders een HoldingRecord'),
}).meta({ id: 'Wijziging' });
