// Shared by the charity (ANBI) operations: the published version (or the 503 problem when none was
// ever published) and the bronnen entry of an answer, with its reference date and export address.
import { z } from 'zod';
import { Problem } from '@/lib/api/problems';
import { getDb } from '@/lib/db/client';
import type { BronEntry } from '@/lib/sources/bron';
import { belastingdienstAnbi } from '@/lib/sources/anbi';
import { readManifest, type Manifest } from '@/lib/registers/common/manifest';
import { CHARITY_REGISTER } from '@/lib/registers/charity/import';

export const ANBI_BRON_ID = belastingdienstAnbi.id;
export const ANBI_ATTRIBUTIE = belastingdienstAnbi.attributie;
export const ANBI_LICENTIE = belastingdienstAnbi.licentie;

/** peildatum and bron_url of the served version (also in every answer's data.manifest). */
export const manifestRef = z.object({
  peildatum: z.string().nullable().describe('Peildatum van het gepubliceerde ANBI-bestand (aanmaakDatum uit de kop, ISO 8601)'),
  bron_url: z.string().nullable().describe('Adres van de officiële export'),
  attributie: z.string(),
  licentie: z.string(),
});

/** The manifest of the published ANBI version; a 503 problem naming the register when there is none. */
export async function publishedCharity(): Promise<Manifest> {
  const m = await readManifest(getDb(), CHARITY_REGISTER);
  if (!m) {
    throw new Problem('import_unavailable', {
      detail: 'Het ANBI-register (Belastingdienst) is nog niet geïmporteerd; er is geen gepubliceerde versie.',
    });
  }
  return m;
}

/** The peildatum of a published version (a published ANBI import always has one). */
export function peildatumOf(m: Manifest): string {
  return m.peildatum ?? m.gepubliceerd_op;
}

/** The bronnen entry of an answer from the imported ANBI data. */
export function charityBron(m: Manifest, startedAt: number): BronEntry {
  return {
    bron: ANBI_BRON_ID,
    titel: belastingdienstAnbi.titel,
    url: m.bron_url,
    licentie: ANBI_LICENTIE,
    attributie: ANBI_ATTRIBUTIE,
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
export function manifestOf(m: Manifest): z.infer<typeof manifestRef> {
  return { peildatum: m.peildatum, bron_url: m.bron_url, attributie: ANBI_ATTRIBUTIE, licentie: ANBI_LICENTIE };
}
