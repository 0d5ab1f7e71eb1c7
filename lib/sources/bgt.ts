// BGT (Basisregistratie Grootschalige Topografie) through PDOK's OGC API Features (GoKoala): the objects
// of one collection within a radius of a point, asked in RD both ways and paged with the `next` cursor
// (the generic question of ogc-features.ts). Keyless; cached 24 hours (the BGT is updated daily).
import { source } from './source';
import type { Sourced } from './gather';
import { type Rond, ogcObjectenRond } from './ogc-features';
import { BGT_COLLECTIES, BGT_CONVERTERS, type BgtCollectie } from './bgt-convert';

const DAY = 24 * 60 * 60 * 1000;

export const bgt = source({
  id: 'bgt',
  titel: 'Basisregistratie Grootschalige Topografie (BGT), OGC API Features',
  envVar: 'BRON_BGT_URL',
  defaultBaseUrl: 'https://api.pdok.nl/lv/bgt/ogc/v1',
  licentie: 'CC BY 4.0',
  attributie: 'Bron: Basisregistratie Grootschalige Topografie (BGT), Samenwerkingsverband van Bronhouders BGT (via PDOK)',
  documentatie: 'https://api.pdok.nl/lv/bgt/ogc/v1',
  ttlMs: DAY,
});

/** The path of a collection's items. */
export function bgtItemsPad(collectie: BgtCollectie): string {
  return `/collections/${BGT_COLLECTIES[collectie]}/items`;
}

/** The current objects of one BGT collection within radiusM metres of an RD point, nearest first. */
export function bgtObjectenRond(
  collectie: BgtCollectie,
  rd: { x: number; y: number },
  radiusM: number,
  signal?: AbortSignal,
): Promise<Sourced<Rond<object>>> {
  return ogcObjectenRond(bgt, bgtItemsPad(collectie), rd, radiusM, BGT_CONVERTERS[collectie], signal);
}
