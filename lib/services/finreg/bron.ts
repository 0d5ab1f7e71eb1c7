// The finreg operations' view of the shared register serving: its published version (503 when none),
// its bronnen entry, the manifest reference and the licence statement the spec asks for (source,
// licence and modification notice), all from lib/registers/common/served.ts and the DNB source.
import { z } from 'zod';
import type { Manifest } from '@/lib/registers/common/manifest';
import { manifestRefSchema, manifestReference, publishedManifest, registerBron } from '@/lib/registers/common/served';
import { FINREG_REGISTER } from '@/lib/registers/finreg/import';
import { dnbRegister } from '@/lib/sources/dnb';

export const DNB_BRON_ID = dnbRegister.id;

/** The licence statement of the finreg data: source, licence and modification notice. */
export const licentieverklaringSchema = z
  .object({
    bron: z.string().describe('Bron van de gegevens'),
    licentie: z.string().describe('Voorwaarden van hergebruik'),
    bewerking: z.string().describe('Wat deze dienst aan de gegevens veranderde'),
  })
  .describe('Licentieverklaring: bron, licentie en vermelding van de bewerking');

export const LICENTIEVERKLARING: z.infer<typeof licentieverklaringSchema> = {
  bron: 'De Nederlandsche Bank (DNB), Openbaar Register: CSV-downloads van de deelregisters',
  licentie: dnbRegister.licentie,
  bewerking:
    'Bewerkt door deze dienst: rijen per activiteit samengevoegd tot registraties, gegroepeerd per relatienummer, ' +
    'KvK-nummer en RSIN aangevuld met voorloopnullen, datums genormaliseerd (JJJJ-MM-DD), ongeldige LEI-codes en datums leeggemaakt, ' +
    'status afgeleid tegen de peildatum.',
};

export const manifestRef = manifestRefSchema('Peilmoment van de gepubliceerde DNB-download (moment van downloaden, ISO 8601)').meta({ id: 'FinregManifest' });

/** The manifest of the published finreg version; a 503 problem naming the register when there is none. */
export const publishedFinreg = () => publishedManifest(FINREG_REGISTER, 'DNB-register (finreg, Openbaar Register van DNB)');

/** The peildatum of a published version (a published finreg import always has one). */
export const peildatumOf = (m: Manifest): string => m.peildatum ?? m.gepubliceerd_op;

/** The bronnen entry of an answer from the imported DNB data. */
export const finregBron = (m: Manifest, startedAt: number, cache = false) => registerBron(dnbRegister, m, startedAt, cache);

/** The short manifest reference put in every answer's data. */
export const manifestOf = (m: Manifest) => manifestReference(dnbRegister, m);
