// GET /v1/fsp/register: the manifest of the imported AFM register financiële dienstverleners: peildatum
// (moment of import), bron_url, sha-256, counts, refresh status and the reuse terms.
import { operation } from '@/lib/api/operation';
import { registerManifest, registerManifestSchema } from '@/lib/registers/common/served';
import { FSP_REGISTER } from '@/lib/registers/fsp/import';
import { afmRegister } from '@/lib/sources/afm';
import { fspBron, publishedFsp } from './bron';

const registerData = registerManifestSchema(FSP_REGISTER, {
  peildatum: 'Peildatum: het moment van import (de AFM-export draagt geen datum), tenzij bij de import opgegeven',
  sha256: 'SHA-256 van het geïmporteerde CSV-bestand zoals gepubliceerd',
  aantallen:
    'instellingen, vergunningen, vergunningen_geldig, vergunningen_beeindigd (tegen de peildatum), ep (inkomend Europees paspoort), ' +
    'gelezen (rijen), overgeslagen, waarschuwingen',
});

export const fspRegister = operation({
  id: 'fsp-register',
  path: '/v1/fsp/register',
  api: 'fsp',
  bronType: 'collectiebron',
  summary: 'Manifest van het register financiële dienstverleners: peildatum, sha-256, aantallen, verversingsstatus, hergebruik',
  description:
    'Het register financiële dienstverleners (Wft) is de CSV-export van het AFM-register. Hergebruik is toegestaan met expliciete ' +
    'bronvermelding ("Bron: AFM"; licentie en attributie staan in het antwoord). 503 zolang er nog nooit een import is gepubliceerd.',
  sources: [afmRegister.id],
  statuses: [200, 503],
  response: registerData,
  onderdeel: 'register',
  async handle({ ctx }) {
    const m = await publishedFsp();
    return { data: registerManifest(afmRegister, FSP_REGISTER, m), bronnen: [fspBron(m, ctx.startedAt)] };
  },
});
