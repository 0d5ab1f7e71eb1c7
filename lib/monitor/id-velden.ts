// The fields of a vestiging or holding record that hold ids of other entities, with the kind of entity they
// name: the API's `namen` map names every id in them (services/distributiemonitor/namen.ts) and the change
// lines read them as names (components/dashboard/versies/wijziging-tekst.ts). One list for both. Pure.
import type { MarktHolding, MarktVestiging } from './derive/types';

type VeldNaam = keyof MarktVestiging | keyof MarktHolding;

export const ID_VELDEN: Readonly<Partial<Record<VeldNaam, { soort: string; meervoud: string }>>> & Readonly<Record<string, { soort: string; meervoud: string } | undefined>> = {
  vestiging_id: { soort: 'vestiging', meervoud: 'vestigingen' },
  vestiging_ids: { soort: 'vestiging', meervoud: 'vestigingen' },
  holding_id: { soort: 'holding', meervoud: 'holdings' },
  hoofdholding_id: { soort: 'hoofdholding', meervoud: 'hoofdholdingen' },
  moeder_id: { soort: 'moederholding', meervoud: 'moederholdingen' },
};
