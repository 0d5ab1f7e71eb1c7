// The shape of one wijziging row as the monitor's operations answer it (versions, structure, alerts).
import { z } from 'zod';
import { ENTITEIT_TYPES, WIJZIGING_TYPES } from '@/lib/monitor/derive/types';

export const entiteitTypeParam = z.enum(ENTITEIT_TYPES as [string, ...string[]]);
export const wijzigingTypeParam = z.enum(WIJZIGING_TYPES as [string, ...string[]]);

export const wijzigingSchema = z.object({
  id: z.number().int(),
  versie_id: z.number().int(),
  datum: z.iso.date().describe('Peildatum van de versie die de wijziging vond'),
  entiteit_type: entiteitTypeParam,
  entiteit_id: z.string(),
  wijziging_type: wijzigingTypeParam,
  velden: z.array(z.string()).describe('De velden die verschillen tussen oud en nieuw'),
  oud: z.record(z.string(), z.unknown()).nullable().describe('Volledig record vóór de wijziging (null bij nieuw)'),
  nieuw: z.record(z.string(), z.unknown()).nullable().describe('Volledig record erna (null: verdwenen, zoals het oude adres bij verhuisd)'),
}).meta({ id: 'Wijziging' });
