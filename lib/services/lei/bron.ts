// Shared by the LEI operations: the published version (or the 503 problem when none was ever
// published) and the bronnen entry of a GLEIF answer, with its reference date and export address.
import { z } from 'zod';
import { Problem } from '@/lib/api/problems';
import { getDb } from '@/lib/db/client';
import type { BronEntry } from '@/lib/sources/bron';
import { gleifGoldenCopy } from '@/lib/sources/gleif';
import { readManifest, type Manifest } from '@/lib/registers/common/manifest';
import { LEI_REGISTER } from '@/lib/registers/lei/import';

export const GLEIF_BRON_ID = gleifGoldenCopy.id;
export const GLEIF_ATTRIBUTIE = gleifGoldenCopy.attributie;
export const GLEIF_LICENTIE = gleifGoldenCopy.licentie;

/** peildatum and bron_url of the served version (also in every answer's data.manifest). */
export const manifestRef = z.object({
  peildatum: z.string().nullable().describe('Peildatum van de gepubliceerde GLEIF-export (ISO 8601)'),
  bron_url: z.string().nullable().describe('Adres van de officiële export'),
  attributie: z.string(),
  licentie: z.string(),
});

/** The manifest of the published LEI version; a 503 problem naming the register when there is none. */
export async function publishedLei(): Promise<Manifest> {
  const m = await readManifest(getDb(), LEI_REGISTER);
  if (!m) {
    throw new Problem('import_unavailable', {
      detail: 'Het LEI-register (GLEIF golden copy) is nog niet geïmporteerd; er is geen gepubliceerde versie.',
    });
  }
  return m;
}

/** The bronnen entry of an answer from the imported GLEIF data. */
export function leiBron(m: Manifest, startedAt: number): BronEntry {
  return {
    bron: GLEIF_BRON_ID,
    titel: gleifGoldenCopy.titel,
    url: m.bron_url,
    licentie: GLEIF_LICENTIE,
    attributie: GLEIF_ATTRIBUTIE,
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
  return { peildatum: m.peildatum, bron_url: m.bron_url, attributie: GLEIF_ATTRIBUTIE, licentie: GLEIF_LICENTIE };
}
