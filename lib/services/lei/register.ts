// GET /v1/lei/register: the manifest of the imported LEI register (GLEIF golden copy, Dutch entities):
// peildatum, bron_url, sha-256, counts and refresh status.
import { operation } from '@/lib/api/operation';
import { registerManifest, registerManifestSchema } from '@/lib/registers/common/served';
import { LEI_REGISTER } from '@/lib/registers/lei/import';
import { gleifGoldenCopy } from '@/lib/sources/gleif';
import { leiBron, publishedLei } from './bron';

const registerData = registerManifestSchema(LEI_REGISTER, {
  peildatum: 'Peilmoment (ISO 8601-tijdstip): tijdstip van de GLEIF-publicatie (uit de publicatienaam of de kop ContentDate)',
  sha256: 'SHA-256 van het geïmporteerde (gezipte) Level 1-bestand',
  aantallen: 'entiteiten, relaties, gelezen records per bestand',
});

export const leiRegister = operation({
  id: 'lei-register',
  path: '/v1/lei/register',
  api: 'lei',
  bronType: 'collectiebron',
  summary: 'Manifest van het LEI-register: peildatum, sha-256, aantallen en verversingsstatus',
  description:
    'Het LEI-register is de golden copy van GLEIF (Level 1, gefilterd op Nederlandse entiteiten, plus Level 2-consolidatierelaties), ' +
    'drie keer per dag gepubliceerd. 503 zolang er nog nooit een import is gepubliceerd.',
  sources: [gleifGoldenCopy.id],
  statuses: [200, 503],
  response: registerData,
  onderdeel: 'register',
  async handle({ ctx }) {
    const m = await publishedLei();
    return { data: registerManifest(gleifGoldenCopy, LEI_REGISTER, m), bronnen: [leiBron(m, ctx.startedAt)] };
  },
});
