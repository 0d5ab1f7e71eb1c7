// The relation graph of a dataset_versie, built once per process from the version's LEI import (read
// from the register tables) and its market, then shared by /relaties/zoeken and /relaties/{id}.
import { LRUCache } from 'lru-cache';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { cachedMarkt } from './markt-cache';
import { perProces } from '@/lib/per-proces';
import { readLeiStructuur } from './register-input';
import { bouwRelatieGraaf, type RelatieGraaf } from './relaties';
import { versieSleutel, type DatasetVersie } from './store';

const grafen = perProces('relatiegrafen', () => new LRUCache<string, Promise<RelatieGraaf>>({ max: 2 }));

export function cachedRelatieGraaf(db: PrismaClient, versie: DatasetVersie): Promise<RelatieGraaf> {
  const key = versieSleutel(versie);
  let g = grafen.get(key);
  if (!g) {
    g = (async () => {
      const m = await cachedMarkt(db, versie);
      const lei = versie.bronnen.find((b) => b.register === 'lei');
      // With the LEIs linked on name + place: their records carry no KvK number.
      const leis = [...new Set(m.vestigingen.map((v) => v.lei).filter((l): l is string => !!l))];
      const { entiteiten, relaties } = lei ? await readLeiStructuur(db, lei.import_id, [...m.perKvk.keys()], { leis }) : { entiteiten: [], relaties: [] };
      return bouwRelatieGraaf(entiteiten, relaties, m.vestigingen, versie.peildatum);
    })();
    grafen.set(key, g);
    g.catch(() => grafen.delete(key));
  }
  return g;
}
