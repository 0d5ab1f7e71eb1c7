// GET /v1/finreg/instellingen/{relatienummer}: the dossier of one institution in the DNB public register:
// identity, addresses (statutory place, place of business, country), KvK/RSIN/LEI, trade names,
// sub-registers, all registrations with type, statute article, validity dates, status and activities,
// and the related relations (other relatienummers with the same KvK number or LEI).
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { Problem } from '@/lib/api/problems';
import { getDb } from '@/lib/db/client';
import { perVersion, registerVersie } from '@/lib/registers/common/version-cache';
import { getFinregDossier } from '@/lib/registers/finreg/query';
import { dnbRegister } from '@/lib/sources/dnb';
import { dnbApi } from '@/lib/sources/dnb-api';
import { finregBron, manifestOf, manifestRef, peildatumOf, publishedFinreg } from './bron';
import { relatienummerParam } from './params';
import { FINREG_REGISTER } from '@/lib/registers/finreg/import';

const activiteit = z.object({
  activiteit: z.string(),
  begindatum: z.iso.date().nullable(),
  einddatum: z.iso.date().nullable(),
  status: z.enum(['geldig', 'beëindigd']),
}).meta({ id: 'FinregActiviteit' });

export const finregRegistratieDetail = z.object({
  volgnr: z.number().int(),
  deelregister: z.string().nullable(),
  type: z.string().nullable().describe('Registratietype: Vergunning, Ontheffing, Goedkeuring, ...'),
  wetsartikel: z.string().nullable(),
  begindatum: z.iso.date().nullable(),
  einddatum: z.iso.date().nullable(),
  status: z.enum(['geldig', 'beëindigd']).describe('Afgeleid tegen de peildatum: geldig zonder einddatum of met een einddatum op/na de peildatum'),
  activiteiten: z.array(activiteit),
});

const dossier = z.object({
  relatienummer: z.string(),
  naam: z.string(),
  handelsnamen: z.array(z.string()),
  kvk_nummer: z.string().nullable(),
  rsin: z.string().nullable(),
  lei: z.string().nullable(),
  plaatsgegevens: z
    .object({ statutaire_plaats: z.string().nullable(), plaats_vestiging: z.string().nullable(), land: z.string().nullable() })
    .describe('Statutaire plaats, plaats van vestiging en land uit het register'),
  deelregisters: z.array(z.object({ code: z.string(), omschrijving: z.string().nullable() })),
  aantal_registraties: z.number().int(),
  registraties: z.array(finregRegistratieDetail),
  gerelateerde_relaties: z
    .array(z.object({ relatienummer: z.string(), naam: z.string(), via: z.array(z.enum(['kvk_nummer', 'lei'])) }))
    .describe('Andere relatienummers met hetzelfde KvK-nummer of dezelfde LEI'),
  conflicten: z.record(z.string(), z.array(z.string())).describe('Identiteitsvelden waarop de rijen van dit relatienummer verschillen (de eerste waarde wordt getoond)'),
  extra: z.record(z.string(), z.string()).describe('Kolommen van de download die niet op een veld zijn afgebeeld'),
});

export const finregInstelling = operation({
  id: 'finreg-instelling',
  path: '/v1/finreg/instellingen/{relatienummer}',
  api: 'finreg',
  cache: registerVersie(FINREG_REGISTER),
  bronType: 'collectiebron',
  summary: 'Dossier van een instelling in het DNB-register met alle registraties, activiteiten en gerelateerde relaties',
  sources: [dnbRegister.id, dnbApi.id],
  params: { path: z.object({ relatienummer: relatienummerParam }) },
  statuses: [200, 400, 404, 503],
  response: z.object({ instelling: dossier, manifest: manifestRef }),
  onderdeel: 'instelling',
  async handle({ path, ctx }) {
    const m = await publishedFinreg();
    const { value: d, hit } = await perVersion(m, 'finreg-instelling', path, () => getFinregDossier(getDb(), m.import_id, peildatumOf(m), path.relatienummer));
    if (!d) throw new Problem('not_found', { detail: `Relatienummer ${path.relatienummer} komt niet voor in het DNB-register van de peildatum.` });
    return { data: { instelling: d, manifest: manifestOf(m) }, bronnen: [finregBron(m, ctx.startedAt, hit)] };
  },
});
