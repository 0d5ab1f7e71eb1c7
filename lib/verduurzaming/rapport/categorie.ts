// Which kinds of measure (roof, floor, glazing, heat pump …) a measure description names, by keywords.
// One description may name several ("dak- en vloerisolatie, HR++-glas"); none found means 'overig'.
import type { Maatregel } from '../types';
import { CATEGORIEEN, type Categorie } from './kentallen';

/** Words that contain another category's keyword: glaswol is not glazing, panels "op het dak" are no roof insulation. */
const VALSE_TREFFERS = /\b(glaswol|steenwol|glasvlies|op (het )?dak)\b/g;

/** The categories a description names, in the fixed order of CATEGORIEEN; ['overig'] if none. */
export function categorieenVan(omschrijving: string): Categorie[] {
  const tekst = ` ${omschrijving.toLowerCase().replace(VALSE_TREFFERS, ' ')} `;
  const found: Categorie[] = [];
  for (const [id, def] of Object.entries(CATEGORIEEN) as [Categorie, (typeof CATEGORIEEN)[Categorie]][]) {
    if (id === 'warmtepomp' && found.includes('hybride_warmtepomp')) continue;
    if (def.trefwoorden.some((w) => tekst.includes(w))) found.push(id);
  }
  return found.length > 0 ? found : ['overig'];
}

/** Every category named by any of the measures or by the step plan's content (without 'overig'). */
export function genoemdeCategorieen(maatregelen: readonly Maatregel[] | null, stappenplanInhoud: readonly string[] = []): Set<Categorie> {
  const set = new Set<Categorie>();
  const teksten = [...(maatregelen ?? []).map((m) => m.omschrijving), ...stappenplanInhoud];
  for (const t of teksten) for (const c of categorieenVan(t)) if (c !== 'overig') set.add(c);
  return set;
}
