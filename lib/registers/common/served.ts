// What every collection-register operation shares: the published version of its register (or the 503
// problem naming the register when none was ever published), the bronnen entry of an answer with its
// peildatum and export address, and the short manifest reference in every answer's data.
import { z } from 'zod';
import { Problem } from '@/lib/api/problems';
import { getDb } from '@/lib/db/client';
import type { BronEntry } from '@/lib/sources/bron';
import type { SourceDef } from '@/lib/sources/source';
import { readManifest, type Manifest } from './manifest';

/** Schema of the manifest reference in a register answer's data. */
export function manifestRefSchema(peildatumDescription: string) {
  return z.object({
    peildatum: z.string().nullable().describe(peildatumDescription),
    bron_url: z.string().nullable().describe('Adres van de officiële export'),
    attributie: z.string(),
    licentie: z.string(),
  });
}

/** The manifest of a register's published version; a 503 problem naming the register when there is none. */
export async function publishedManifest(register: string, registerNaam: string): Promise<Manifest> {
  const m = await readManifest(getDb(), register);
  if (!m) {
    throw new Problem('import_unavailable', {
      detail: `Het ${registerNaam} is nog niet geïmporteerd; er is geen gepubliceerde versie.`,
    });
  }
  return m;
}

/** The bronnen entry of an answer from a register's imported data. */
export function registerBron(def: SourceDef, m: Manifest, startedAt: number): BronEntry {
  return {
    bron: def.id,
    titel: def.titel,
    url: m.bron_url,
    licentie: def.licentie,
    attributie: def.attributie,
    status: 'ok',
    duur_ms: Math.round(performance.now() - startedAt),
    opgehaald_op: m.gepubliceerd_op,
    cache: false,
    foutsoort: null,
    opname: null,
    peildatum: m.peildatum,
    bron_url: m.bron_url,
  };
}

/** The short manifest reference put in every answer's data. */
export function manifestReference(def: SourceDef, m: Manifest) {
  return { peildatum: m.peildatum, bron_url: m.bron_url, attributie: def.attributie, licentie: def.licentie };
}
