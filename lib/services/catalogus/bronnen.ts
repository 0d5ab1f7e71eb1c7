// GET /v1/bronnen: the catalogue of every operation (endpoint, parameters, licence, status) and every
// upstream source, plus the roadmap of the spec's operations not yet built. Generated from the
// declarations, so it cannot drift from what the service really answers.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { ownServiceBron } from '@/lib/sources/bron';
import { catalogue, catalogueSchema } from '@/lib/catalogus/catalogue';

export const bronnenCatalogus = operation({
  id: 'bronnen',
  path: '/v1/bronnen',
  api: 'bronnen',
  bronType: 'eigen-dienst',
  summary: 'Catalogus van alle API’s en bronnen met parameters, licentie en status, plus roadmap',
  description:
    'Machineleesbaar register: per operatie het pad, de parameters met grenzen en standaardwaarden, de statussen (gedeclareerd, en 502 waar een live bron gelezen wordt), de gebruikte bronnen met licentie en attributie, en de status (live of in ontwikkeling). De roadmap somt de operaties van de specificatie op die nog niet gebouwd zijn. Per bron ook de laatst waargenomen bereikbaarheid.',
  sources: [],
  params: { query: z.object({}) },
  statuses: [200],
  response: catalogueSchema,
  onderdeel: 'catalogus',
  async handle() {
    const { operations } = await import('@/lib/api/registry');
    return { data: await catalogue(operations), bronnen: [ownServiceBron('Catalogus van deze dienst')] };
  },
});
