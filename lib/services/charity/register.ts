// GET /v1/charity/register: the manifest of the imported ANBI register (Belastingdienst): peildatum from
// the file header, source version, sha-256, counts and refresh status.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { ANBI_ATTRIBUTIE, ANBI_LICENTIE, charityBron, publishedCharity } from './bron';

const registerData = z.object({
  register: z.literal('charity'),
  peildatum: z.string().nullable().describe('Peildatum: aanmaakDatum uit de kop van het ANBI-bestand'),
  bronversie: z.string().nullable().describe('Versie van het bronbestand (<versie> in de kop)'),
  bron_url: z.string().nullable().describe('Adres van de officiële export'),
  sha256: z.string().nullable().describe('SHA-256 van het geïmporteerde bestand zoals gepubliceerd (anbi.zip of anbi.xml)'),
  aantallen: z
    .record(z.string(), z.number())
    .describe('totaal, geldig, beeindigd, cultuur (culturele ANBI op de peildatum), groepsbeschikkingen, gelezen, overgeslagen, dubbel, waarschuwingen'),
  bestanden: z
    .array(z.object({ rol: z.string(), naam: z.string(), bron_url: z.string().nullable(), sha256: z.string(), bytes: z.number().int(), versie: z.string().nullable() }))
    .describe('Geïmporteerd bestand met naam, sha256, grootte en bronversie'),
  gepubliceerd_op: z.string(),
  verversing: z
    .object({
      status: z.enum(['ok', 'bezig', 'mislukt']),
      laatste_poging: z
        .object({
          import_id: z.number().int(),
          status: z.enum(['bezig', 'gepubliceerd', 'mislukt']),
          gestart_op: z.string(),
          klaar_op: z.string().nullable(),
        })
        .nullable(),
      laatste_fout: z.object({ import_id: z.number().int(), op: z.string(), fout: z.string() }).nullable(),
    })
    .describe('Verversingsstatus: laatste poging en laatste mislukte import'),
  licentie: z.string(),
  attributie: z.string(),
});

type Bestand = z.infer<typeof registerData>['bestanden'][number];

export const charityRegister = operation({
  id: 'charity-register',
  path: '/v1/charity/register',
  api: 'charity',
  bronType: 'collectiebron',
  summary: 'Manifest van het ANBI-register: peildatum, bronversie, sha-256, aantallen en verversingsstatus',
  description:
    'Het ANBI-register is het wekelijks gepubliceerde bestand anbi.zip van de Belastingdienst. ' +
    '503 zolang er nog nooit een import is gepubliceerd.',
  sources: ['belastingdienst-anbi'],
  statuses: [200, 503],
  response: registerData,
  onderdeel: 'register',
  async handle({ ctx }) {
    const m = await publishedCharity();
    const bestanden = (m.bestanden as Partial<Bestand>[]).map((b) => ({
      rol: b.rol ?? 'anbi',
      naam: b.naam ?? '',
      bron_url: b.bron_url ?? null,
      sha256: b.sha256 ?? '',
      bytes: b.bytes ?? 0,
      versie: b.versie ?? null,
    }));
    return {
      data: {
        register: 'charity',
        peildatum: m.peildatum,
        bronversie: bestanden[0]?.versie ?? null,
        bron_url: m.bron_url,
        sha256: m.sha256,
        aantallen: m.aantallen,
        bestanden,
        gepubliceerd_op: m.gepubliceerd_op,
        verversing: m.verversing,
        licentie: ANBI_LICENTIE,
        attributie: ANBI_ATTRIBUTIE,
      },
      bronnen: [charityBron(m, ctx.startedAt)],
    };
  },
});
