// The fsp (AFM register financiële dienstverleners) operations' view of the shared register serving: its
// published version (503 when none), its bronnen entry and manifest reference (lib/registers/common/served.ts).
import type { Manifest } from '@/lib/registers/common/manifest';
import { manifestRefSchema, manifestReference, publishedManifest, registerBron } from '@/lib/registers/common/served';
import { FSP_REGISTER } from '@/lib/registers/fsp/import';
import { afmRegister } from '@/lib/sources/afm';

export const AFM_BRON_ID = afmRegister.id;

export const manifestRef = manifestRefSchema('Peildatum van de gepubliceerde AFM-export: het moment van import (ISO 8601)');

/** The manifest of the published fsp version; a 503 problem naming the register when there is none. */
export const publishedFsp = () => publishedManifest(FSP_REGISTER, 'AFM-register financiële dienstverleners');

/** The peildatum of a published version (an fsp import always records one: the moment of import by default). */
export function peildatumOf(m: Manifest): string {
  return m.peildatum ?? m.gepubliceerd_op;
}

/** The bronnen entry of an answer from the imported AFM data. */
export const fspBron = (m: Manifest, startedAt: number, cache = false) => registerBron(afmRegister, m, startedAt, cache);

/** The short manifest reference put in every answer's data. */
export const manifestOf = (m: Manifest) => manifestReference(afmRegister, m);
