// The charity (ANBI) operations' view of the shared register serving: its published version (503 when
// none), its bronnen entry and manifest reference (lib/registers/common/served.ts).
import type { Manifest } from '@/lib/registers/common/manifest';
import { manifestRefSchema, manifestReference, publishedManifest, registerBron } from '@/lib/registers/common/served';
import { CHARITY_REGISTER } from '@/lib/registers/charity/import';
import { belastingdienstAnbi } from '@/lib/sources/anbi';

export const ANBI_BRON_ID = belastingdienstAnbi.id;
export const ANBI_ATTRIBUTIE = belastingdienstAnbi.attributie;
export const ANBI_LICENTIE = belastingdienstAnbi.licentie;

export const manifestRef = manifestRefSchema('Peilmoment van het gepubliceerde ANBI-bestand (aanmaakDatum uit de kop, ISO 8601)').meta({ id: 'AnbiManifest' });

/** The manifest of the published ANBI version; a 503 problem naming the register when there is none. */
export const publishedCharity = () => publishedManifest(CHARITY_REGISTER, 'ANBI-register (Belastingdienst)');

/** The peildatum of a published version (a published ANBI import always has one). */
export function peildatumOf(m: Manifest): string {
  return m.peildatum ?? m.gepubliceerd_op;
}

/** The bronnen entry of an answer from the imported ANBI data. */
export const charityBron = (m: Manifest, startedAt: number, cache = false) => registerBron(belastingdienstAnbi, m, startedAt, cache);

/** The short manifest reference put in every answer's data. */
export const manifestOf = (m: Manifest) => manifestReference(belastingdienstAnbi, m);
