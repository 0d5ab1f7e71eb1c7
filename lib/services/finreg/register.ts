// GET /v1/finreg/register: the manifest of the imported DNB public register: peildatum (moment of
// download), sha-256 (per file and combined), counts per sub-register, refresh status and the licence
// statement with source, licence and modification notice.
import { operation } from '@/lib/api/operation';
import { registerManifest, registerManifestSchema } from '@/lib/registers/common/served';
import { FINREG_REGISTER } from '@/lib/registers/finreg/import';
import { dnbRegister } from '@/lib/sources/dnb';
import { dnbApi } from '@/lib/sources/dnb-api';
import { finregBron, LICENTIEVERKLARING, licentieverklaringSchema, publishedFinreg } from './bron';

const registerData = registerManifestSchema(FINREG_REGISTER, {
  peildatum: 'Peilmoment (ISO 8601-tijdstip): moment van downloaden van de CSV-bestanden (DNB ververst elke werkdag om 06:00)',
  sha256: 'SHA-256 over de gesorteerde regels "CODE:sha256" van de geïmporteerde bestanden (per bestand in bestanden)',
  aantallen:
    'instellingen, registraties, registraties_geldig, registraties_beeindigd, per deelregister registraties_<CODE> en instellingen_<CODE>, ' +
    'bestanden, gelezen (rijen), overgeslagen, waarschuwingen, herhaald (niet-aaneengesloten rijen van één registratie), ' +
    'conflicten (instellingen met tegenstrijdige identiteitsgegevens)',
}).extend({ licentieverklaring: licentieverklaringSchema });

export const finregRegister = operation({
  id: 'finreg-register',
  path: '/v1/finreg/register',
  api: 'finreg',
  bronType: 'collectiebron',
  summary: 'Manifest van het DNB-register: peildatum, sha-256, aantallen per deelregister, verversingsstatus en licentieverklaring',
  description:
    'Het finreg-register is het Openbaar Register van De Nederlandsche Bank: de CSV-downloads van de 15 deelregisters, ' +
    'elke werkdag om 06:00 ververst. bestanden noemt per deelregister (rol = code) de sha-256. ' +
    '503 zolang er nog nooit een import is gepubliceerd.',
  sources: [dnbRegister.id, dnbApi.id],
  statuses: [200, 503],
  response: registerData,
  onderdeel: 'register',
  async handle({ ctx }) {
    const m = await publishedFinreg();
    return {
      data: { ...registerManifest(dnbRegister, FINREG_REGISTER, m), licentieverklaring: LICENTIEVERKLARING },
      bronnen: [finregBron(m, ctx.startedAt)],
    };
  },
});
