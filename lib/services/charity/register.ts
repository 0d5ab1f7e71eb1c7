// GET /v1/charity/register: the manifest of the imported ANBI register (Belastingdienst): peildatum from
// the file header, source version, sha-256, counts and refresh status.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { registerManifest, registerManifestSchema } from '@/lib/registers/common/served';
import { CHARITY_REGISTER } from '@/lib/registers/charity/import';
import { belastingdienstAnbi } from '@/lib/sources/anbi';
import { charityBron, publishedCharity } from './bron';

const registerData = registerManifestSchema(CHARITY_REGISTER, {
  peildatum: 'Peilmoment (ISO 8601-tijdstip): aanmaakDatum uit de kop van het ANBI-bestand',
  sha256: 'SHA-256 van het geïmporteerde bestand zoals gepubliceerd (anbi.zip of anbi.xml)',
  aantallen:
    'totaal, geldig, beeindigd, cultuur (culturele ANBI op de peildatum), groepsbeschikkingen, gelezen, overgeslagen, dubbel, waarschuwingen',
}).extend({ bronversie: z.string().nullable().describe('Versie van het bronbestand (<versie> in de kop)') });

export const charityRegister = operation({
  id: 'charity-register',
  path: '/v1/charity/register',
  api: 'charity',
  bronType: 'collectiebron',
  summary: 'Manifest van het ANBI-register: peildatum, bronversie, sha-256, aantallen en verversingsstatus',
  description:
    'Het ANBI-register is het wekelijks gepubliceerde bestand anbi.zip van de Belastingdienst. ' +
    '503 zolang er nog nooit een import is gepubliceerd.',
  sources: [belastingdienstAnbi.id],
  statuses: [200, 503],
  response: registerData,
  onderdeel: 'register',
  async handle({ ctx }) {
    const m = await publishedCharity();
    const data = registerManifest(belastingdienstAnbi, CHARITY_REGISTER, m);
    return { data: { ...data, bronversie: data.bestanden[0]?.versie ?? null }, bronnen: [charityBron(m, ctx.startedAt)] };
  },
});
