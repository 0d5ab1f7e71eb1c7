// The modules of the sustainability layer and the operations that make each one up. A module is live
// exactly when all of its operations are declared, so the status document cannot claim more than exists.
import type { Operation } from '@/lib/api/operation';

export interface ModuleDef {
  id: string;
  naam: string;
  omschrijving: string;
  /** "METHOD path" of the operations the module consists of; empty = not yet specified as operations. */
  operaties: string[];
}

export const modules: ModuleDef[] = [
  {
    id: 'validatielaag',
    naam: 'Validatielaag',
    omschrijving: 'Eén gevalideerd pandobject uit BAG, WOZ, EP-Online, kadaster en CBS, met bron en status per veld.',
    operaties: ['GET /v1/verduurzaming/pand/{postcode}/{huisnummer}'],
  },
  {
    id: 'voorblad',
    naam: 'Voorblad',
    omschrijving: 'Actuele pandgegevens als voorblad van het rapport (24 uur gecachet).',
    operaties: ['GET /v1/verduurzaming/pand/{postcode}/{huisnummer}', 'POST /v1/verduurzaming/rapport'],
  },
  {
    id: 'nulmeting',
    naam: 'Nulmeting',
    omschrijving: 'Huidige energieklasse, energie-index en maatregelen met doellabels uit een geüpload energieprestatie-XML-bestand.',
    operaties: ['POST /v1/verduurzaming/nulmeting'],
  },
  {
    id: 'rapport',
    naam: 'Rapport',
    omschrijving: 'Voorblad, nulmeting en maatregelen gerangschikt op doellabel, als JSON en als PDF van één A4.',
    operaties: ['POST /v1/verduurzaming/rapport', 'POST /v1/verduurzaming/rapport.pdf'],
  },
  {
    id: 'one-stop-shop-uitvoer',
    naam: 'One-stop-shop-uitvoer',
    omschrijving: 'Uitvoer naar one-stop-shops voor woningverduurzaming; nog niet als operatie gespecificeerd.',
    operaties: [],
  },
];

/** Each module with its status derived from the declared operations. */
export function moduleStatuses(ops: Operation[]) {
  const declared = new Set(ops.map((o) => `${o.method} ${o.path}`));
  return modules.map((m) => ({
    id: m.id,
    naam: m.naam,
    omschrijving: m.omschrijving,
    operaties: m.operaties,
    status: m.operaties.length > 0 && m.operaties.every((o) => declared.has(o)) ? ('live' as const) : ('in ontwikkeling' as const),
  }));
}
