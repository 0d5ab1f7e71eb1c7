// The LEI operations' view of the shared register serving: its published version (503 when none), its
// bronnen entry and manifest reference (lib/registers/common/served.ts).
import type { Manifest } from '@/lib/registers/common/manifest';
import { manifestRefSchema, manifestReference, publishedManifest, registerBron } from '@/lib/registers/common/served';
import { LEI_REGISTER } from '@/lib/registers/lei/import';
import { gleifGoldenCopy } from '@/lib/sources/gleif';

export const GLEIF_BRON_ID = gleifGoldenCopy.id;
export const GLEIF_ATTRIBUTIE = gleifGoldenCopy.attributie;
export const GLEIF_LICENTIE = gleifGoldenCopy.licentie;

export const manifestRef = manifestRefSchema('Peilmoment van de gepubliceerde GLEIF-export (ISO 8601)').meta({ id: 'LeiManifest' });

/** The manifest of the published LEI version; a 503 problem naming the register when there is none. */
export const publishedLei = () => publishedManifest(LEI_REGISTER, 'LEI-register (GLEIF golden copy)');

/** The bronnen entry of an answer from the imported GLEIF data. */
export const leiBron = (m: Manifest, startedAt: number, cache = false) => registerBron(gleifGoldenCopy, m, startedAt, cache);

/** The short manifest reference put in every answer's data. */
export const manifestOf = (m: Manifest) => manifestReference(gleifGoldenCopy, m);
