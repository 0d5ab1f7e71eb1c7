// The fsp (AFM register financiële dienstverleners) operations' view of the shared register serving: its
// published version (503 when none), its bronnen entry and manifest reference (lib/registers/common/served.ts).
import type { Manifest } from '@/lib/registers/common/manifest';
import { manifestRefSchema, manifestReference, publishedManifest, registerBron } from '@/lib/registers/common/served';
import { z } from 'zod';
import { FSP_REGISTER, NAMENLIJST_OPMERKING, fspSoort } from '@/lib/registers/fsp/import';
import { afmRegister } from '@/lib/sources/afm';

export const AFM_BRON_ID = afmRegister.id;

export const manifestRef = manifestRefSchema('Peilmoment van de gepubliceerde AFM-export: het moment van import (ISO 8601)').extend({
  soort: z
    .enum(['volledige-export', 'namenlijst'])
    .describe('volledige-export: de XML-export (export.aspx?fdregister=1) met KvK-nummers, vergunningen en producten; namenlijst: alleen namen en plaats'),
  opmerking: z.string().nullable().describe('Bij een namenlijst: wat er ontbreekt'),
}).meta({ id: 'FspManifest' });

/** The note of every answer on the published version: what a names-only version lacks; null on the full export. */
export const fspOpmerking = (m: Manifest): string | null => (fspSoort(m.bestanden) === 'namenlijst' ? NAMENLIJST_OPMERKING : null);

/** The manifest of the published fsp version; a 503 problem naming the register when there is none. */
export const publishedFsp = () => publishedManifest(FSP_REGISTER, 'AFM-register financiële dienstverleners');

/** The peildatum of a published version (an fsp import always records one: the moment of import by default). */
export function peildatumOf(m: Manifest): string {
  return m.peildatum ?? m.gepubliceerd_op;
}

/** The bronnen entry of an answer from the imported AFM data. */
export function fspBron(m: Manifest, startedAt: number, cache = false) {
  const b = registerBron(afmRegister, m, startedAt, cache);
  const opmerking = fspOpmerking(m);
  return opmerking ? { ...b, titel: `${b.titel} (NAMENLIJST: ${opmerking})` } : b;
}

/** The short manifest reference put in every answer's data. */
export const manifestOf = (m: Manifest) => ({ ...manifestReference(afmRegister, m), soort: fspSoort(m.bestanden), opmerking: fspOpmerking(m) });
