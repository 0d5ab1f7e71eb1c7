// GET /v1/fsp/register: the manifest of the imported AFM register financiële dienstverleners: peildatum
// (moment of import), bron_url, sha-256, counts, refresh status and the reuse terms.
import { operation } from '@/lib/api/operation';
import { registerManifest, registerManifestSchema } from '@/lib/registers/common/served';
import { FSP_REGISTER } from '@/lib/registers/fsp/import';
import { afmRegister } from '@/lib/sources/afm';
import { z } from 'zod';
import { fspSoort } from '@/lib/registers/fsp/import';
import { fspBron, fspOpmerking, publishedFsp } from './bron';

const registerData = registerManifestSchema(FSP_REGISTER, {
  peildatum: 'Peilmoment (ISO 8601-tijdstip): het moment van import (de AFM-export draagt geen datum), tenzij bij de import opgegeven',
  sha256: 'SHA-256 van het geïmporteerde bestand zoals gepubliceerd (de ZIP van de volledige export, of de CSV)',
  aantallen:
    'instellingen, met_kvk (instellingen met KvK-nummer), vergunningen, vergunningen_geldig, vergunningen_beeindigd (tegen de peildatum), ' +
    'gelezen (instellingen of rijen), overgeslagen, dubbel, waarschuwingen',
}).extend({
  soort: z
    .enum(['volledige-export', 'namenlijst'])
    .describe(
      'volledige-export: de XML-export (export.aspx?fdregister=1) met KvK-nummers, adressen, vergunningen, producten en diensten; ' +
        'namenlijst: de zoekresultaat-CSV met alleen statutaire naam, handelsnamen en vestigingsplaats',
    ),
  opmerking: z.string().nullable().describe('Bij een namenlijst: wat er ontbreekt'),
});

export const fspRegister = operation({
  id: 'fsp-register',
  path: '/v1/fsp/register',
  api: 'fsp',
  bronType: 'collectiebron',
  summary: 'Manifest van het register financiële dienstverleners: peildatum, sha-256, aantallen, verversingsstatus, hergebruik',
  description:
    'Het register financiële dienstverleners (Wft) is de volledige export van het AFM-register (een ZIP met één XML-bestand); ' +
    'een versie uit de namenlijst (zoekresultaat-CSV) heeft soort namenlijst en zegt wat er ontbreekt. Hergebruik is toegestaan met expliciete ' +
    'bronvermelding ("Bron: AFM"; licentie en attributie staan in het antwoord). 503 zolang er nog nooit een import is gepubliceerd.',
  sources: [afmRegister.id],
  statuses: [200, 503],
  response: registerData,
  onderdeel: 'register',
  async handle({ ctx }) {
    const m = await publishedFsp();
    const data = { ...registerManifest(afmRegister, FSP_REGISTER, m), soort: fspSoort(m.bestanden), opmerking: fspOpmerking(m) };
    return { data, bronnen: [fspBron(m, ctx.startedAt)] };
  },
});
