// GET /v1/lei/register: the manifest of the imported LEI register (GLEIF golden copy, Dutch entities):
// peildatum, bron_url, sha-256, counts and refresh status.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { GLEIF_ATTRIBUTIE, GLEIF_LICENTIE, leiBron, publishedLei } from './bron';

const registerData = z.object({
  register: z.literal('lei'),
  peildatum: z.string().nullable().describe('Peildatum: tijdstip van de GLEIF-publicatie (uit de publicatienaam of de kop ContentDate)'),
  bron_url: z.string().nullable().describe('Adres van de officiële export'),
  sha256: z.string().nullable().describe('SHA-256 van het geïmporteerde (gezipte) Level 1-bestand'),
  aantallen: z.record(z.string(), z.number()).describe('entiteiten, relaties, gelezen records per bestand'),
  bestanden: z
    .array(z.object({ rol: z.string(), naam: z.string(), bron_url: z.string().nullable(), sha256: z.string(), bytes: z.number().int() }))
    .describe('Geïmporteerde bestanden met rol, naam, sha256 en grootte'),
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

export const leiRegister = operation({
  id: 'lei-register',
  path: '/v1/lei/register',
  api: 'lei',
  bronType: 'collectiebron',
  summary: 'Manifest van het LEI-register: peildatum, sha-256, aantallen en verversingsstatus',
  description:
    'Het LEI-register is de golden copy van GLEIF (Level 1, gefilterd op Nederlandse entiteiten, plus Level 2-consolidatierelaties), ' +
    'drie keer per dag gepubliceerd. 503 zolang er nog nooit een import is gepubliceerd.',
  sources: ['gleif-golden-copy'],
  statuses: [200, 503],
  response: registerData,
  onderdeel: 'register',
  async handle({ ctx }) {
    const m = await publishedLei();
    return {
      data: {
        register: 'lei',
        peildatum: m.peildatum,
        bron_url: m.bron_url,
        sha256: m.sha256,
        aantallen: m.aantallen,
        bestanden: m.bestanden as z.infer<typeof registerData>['bestanden'],
        gepubliceerd_op: m.gepubliceerd_op,
        verversing: m.verversing,
        licentie: GLEIF_LICENTIE,
        attributie: GLEIF_ATTRIBUTIE,
      },
      bronnen: [leiBron(m, ctx.startedAt)],
    };
  },
});
