// GET /v1/verduurzaming/methodiek: per field definition, source fields and limitations; the sources with
// licence and attribution; the privacy agreement; the scenario method of the PDF report.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { ownServiceBron } from '@/lib/sources/bron';
import { METHODIEK_PAD, METHODIEK_TITEL } from '@/lib/verduurzaming/methodiek-titel';
import {
  PRIVACY_AFSPRAAK,
  methodiekFieldSchema,
  methodiekFields,
  methodiekSources,
  scenarioMethode,
  scenarioMethodeSchema,
} from '@/lib/verduurzaming/methodiek';

const methodiekSchema = z.object({
  velden: z.array(methodiekFieldSchema),
  bronnen: z.array(z.object({ id: z.string(), titel: z.string(), licentie: z.string(), attributie: z.string(), documentatie: z.string() })),
  privacy: z.string(),
  scenario_methode: scenarioMethodeSchema.describe(
    "Rekenmethode van de scenario's in het PDF-rapport: formules, elke constante met waarde, eenheid, bron, URL en jaar, financiering, emissiefactoren en signaalregels",
  ),
});

export const verduurzamingMethodiek = operation({
  id: 'verduurzaming-methodiek',
  path: METHODIEK_PAD,
  api: 'verduurzaming',
  bronType: 'eigen-dienst',
  summary: "Methodiek van de verduurzamingslaag: definitie, bronvelden en beperkingen per veld, en de rekenmethode van de rapportscenario's",
  sources: [],
  statuses: [200],
  response: methodiekSchema,
  onderdeel: 'methodiek',
  maxAgeSeconds: 3600,
  async handle() {
    return {
      data: {
        velden: methodiekFields,
        bronnen: methodiekSources().map((s) => ({
          id: s.id,
          titel: s.titel,
          licentie: s.licentie,
          attributie: s.attributie,
          documentatie: s.documentatie,
        })),
        privacy: PRIVACY_AFSPRAAK,
        scenario_methode: scenarioMethode(),
      },
      bronnen: [ownServiceBron(METHODIEK_TITEL)],
    };
  },
});
