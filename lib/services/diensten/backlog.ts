// GET /v1/diensten/backlog: the work list of candidate own services (kandidaten.ts) with a status derived by
// machine from the operation declarations (lib/api/registry.ts), the source declarations
// (lib/sources/registry.ts) and the key configuration in the environment, never typed in:
// - al-live: the candidate's operation path is declared with status live;
// - onderzoek: a source it needs is not in the source registry (no client yet: to be researched);
// - sleutel-nodig: every source exists, but one needs an API key whose variable is empty ("awaits a key");
// - direct-bouwbaar: every source is live in the catalogue (registered, and keyless or its key is set), but
//   the operation is not declared yet.
// Checked in this order, so a live service stays al-live when a key is missing (it then answers with that
// source 'onbeschikbaar'). Reachability observed by /v1/bronnen is deliberately not used: the status should
// not flap with an upstream outage.
import { z } from 'zod';
import { operation, type Operation } from '@/lib/api/operation';
import { ownServiceBron } from '@/lib/sources/bron';
import type { SourceDef } from '@/lib/sources/source';
import { specOperations } from '@/lib/api/roadmap';
import { KANDIDATEN, type Kandidaat } from './kandidaten';

export const BACKLOG_STATUSSEN = ['direct-bouwbaar', 'sleutel-nodig', 'onderzoek', 'al-live'] as const;
export type BacklogStatus = (typeof BACKLOG_STATUSSEN)[number];
export type BronToestand = 'live' | 'sleutel-nodig' | 'ontbreekt';

/** What the derivation reads: the declared operations, the declared sources and the environment. */
export interface Omgeving {
  operaties: Pick<Operation, 'method' | 'path' | 'status'>[];
  bronnen: Pick<SourceDef, 'id' | 'titel' | 'keyEnvVar'>[];
  env: Record<string, string | undefined>;
  /** Paths of the specification (roadmap), `METHOD path`. */
  specificatie?: Set<string>;
}

export interface BronStaat {
  id: string;
  titel: string | null;
  toestand: BronToestand;
  sleutel_variabele: string | null;
}

export interface BacklogItem {
  id: string;
  titel: string;
  domein: string;
  beschrijving: string;
  status: BacklogStatus;
  reden: string;
  operatie: { methode: 'GET' | 'POST'; pad: string; in_specificatie: boolean };
  bronnen: BronStaat[];
}

/** The state of one source: missing from the registry, awaiting a key (its key variable is empty) or live. */
export function bronStaat(id: string, omgeving: Omgeving): BronStaat {
  const def = omgeving.bronnen.find((s) => s.id === id);
  if (!def) return { id, titel: null, toestand: 'ontbreekt', sleutel_variabele: null };
  const key = def.keyEnvVar ?? null;
  const wacht = key !== null && !(omgeving.env[key]?.trim());
  return { id, titel: def.titel, toestand: wacht ? 'sleutel-nodig' : 'live', sleutel_variabele: key };
}

/** The status of one candidate with the reason, derived from the declarations. */
export function leidAf(k: Kandidaat, omgeving: Omgeving): BacklogItem {
  const bronnen = k.bronnen.map((id) => bronStaat(id, omgeving));
  const op = omgeving.operaties.find((o) => o.method === k.operatie.methode && o.path === k.operatie.pad);
  const ontbreekt = bronnen.filter((b) => b.toestand === 'ontbreekt');
  const sleutel = bronnen.filter((b) => b.toestand === 'sleutel-nodig');
  let status: BacklogStatus;
  let reden: string;
  if (op && op.status === 'live') {
    status = 'al-live';
    reden = `${k.operatie.methode} ${k.operatie.pad} is gedeclareerd en live.`;
  } else if (ontbreekt.length > 0) {
    status = 'onderzoek';
    reden = `Nog geen client voor ${lijst(ontbreekt.map((b) => b.id))}: bron nog te onderzoeken.`;
  } else if (sleutel.length > 0) {
    status = 'sleutel-nodig';
    reden = `Wacht op een API-sleutel: ${lijst(sleutel.map((b) => `${b.id} (${b.sleutel_variabele} is leeg)`))}.`;
  } else {
    status = 'direct-bouwbaar';
    reden =
      `${bronnen.length === 1 ? 'De bron is' : `Alle ${bronnen.length} bronnen zijn`} live in de catalogus; ` +
      (op ? `${k.operatie.pad} is gedeclareerd maar ${op.status}.` : `${k.operatie.pad} is nog niet gedeclareerd.`);
  }
  return {
    id: k.id,
    titel: k.titel,
    domein: k.domein,
    beschrijving: k.beschrijving,
    status,
    reden,
    operatie: { ...k.operatie, in_specificatie: omgeving.specificatie?.has(`${k.operatie.methode} ${k.operatie.pad}`) ?? false },
    bronnen,
  };
}

function lijst(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} en ${items[items.length - 1]}`;
}

export interface Backlog {
  aantal: number;
  per_status: Record<BacklogStatus, number>;
  domeinen: string[];
  kandidaten: BacklogItem[];
}

/**
 * The work list: every candidate derived, filtered on domein (case-insensitive, exact; an unknown domein
 * gives an empty list) and status. per_status counts the candidates within the domein filter, before the
 * status filter; domeinen lists every domain of the work list.
 */
export function backlog(kandidaten: Kandidaat[], omgeving: Omgeving, filter: { status?: BacklogStatus; domein?: string } = {}): Backlog {
  const domein = filter.domein?.trim().toLowerCase();
  const afgeleid = kandidaten.map((k) => leidAf(k, omgeving)).filter((k) => !domein || k.domein.toLowerCase() === domein);
  const per_status = Object.fromEntries(BACKLOG_STATUSSEN.map((s) => [s, afgeleid.filter((k) => k.status === s).length])) as Record<BacklogStatus, number>;
  const lijst = filter.status ? afgeleid.filter((k) => k.status === filter.status) : afgeleid;
  return {
    aantal: lijst.length,
    per_status,
    domeinen: [...new Set(kandidaten.map((k) => k.domein))].sort((a, b) => a.localeCompare(b, 'nl')),
    kandidaten: lijst,
  };
}

const statusSchema = z.enum(BACKLOG_STATUSSEN);

const itemSchema = z.object({
  id: z.string(),
  titel: z.string(),
  domein: z.string(),
  beschrijving: z.string(),
  status: statusSchema.describe('Machinaal afgeleid: al-live, onderzoek, sleutel-nodig of direct-bouwbaar (in die volgorde getoetst)'),
  reden: z.string().describe('Waarom deze status, afgeleid uit de declaraties'),
  operatie: z.object({
    methode: z.enum(['GET', 'POST']),
    pad: z.string(),
    in_specificatie: z.boolean().describe('true als het pad in de interfacespecificatie staat; false voor een eigen idee'),
  }),
  bronnen: z.array(
    z.object({
      id: z.string().describe('Bron-id (zie /v1/bronnen)'),
      titel: z.string().nullable().describe('null als de bron nog niet bestaat'),
      toestand: z.enum(['live', 'sleutel-nodig', 'ontbreekt']).describe('live: in de catalogus en bruikbaar; sleutel-nodig: de sleutelvariabele is leeg; ontbreekt: nog geen client'),
      sleutel_variabele: z.string().nullable().describe('Omgevingsvariabele van de API-sleutel; null als de bron geen sleutel vraagt'),
    }),
  ),
});

export const dienstenBacklog = operation({
  id: 'diensten-backlog',
  path: '/v1/diensten/backlog',
  api: 'diensten',
  bronType: 'eigen-dienst',
  summary: 'Werklijst van kandidaat-eigen-diensten met machinaal afgeleide status',
  description:
    'Per kandidaat-dienst: titel, domein, de bronnen die hij combineert (elk met toestand) en de operatie, plus een status die uit de ' +
    'declaraties volgt, niet is ingetypt: al-live (de operatie is gedeclareerd en live), onderzoek (een bron heeft nog geen client), ' +
    'sleutel-nodig (een bron wacht op een API-sleutel: de sleutelvariabele is leeg) of direct-bouwbaar (alle bronnen zijn live in de ' +
    'catalogus, de operatie bestaat nog niet). Filter op status en domein (hoofdletterongevoelig; een onbekend domein geeft een lege lijst). ' +
    'per_status telt binnen het domeinfilter, vóór het statusfilter.',
  sources: [],
  params: {
    query: z.object({
      status: statusSchema.optional().describe('Alleen kandidaten met deze status').meta({ examples: ['direct-bouwbaar'] }),
      domein: z.string().trim().min(1).max(100).optional().describe('Alleen kandidaten in dit domein, bijvoorbeeld Punt (zie domeinen)').meta({ examples: ['Punt'] }),
    }),
  },
  statuses: [200, 400],
  response: z.object({
    aantal: z.number().int().describe('Aantal kandidaten in het antwoord'),
    per_status: z.object(Object.fromEntries(BACKLOG_STATUSSEN.map((s) => [s, z.number().int()]))).describe('Aantal kandidaten per status binnen het domeinfilter'),
    domeinen: z.array(z.string()).describe('Alle domeinen van de werklijst'),
    kandidaten: z.array(itemSchema),
  }),
  onderdeel: 'backlog',
  maxAgeSeconds: 300,
  async handle({ query }) {
    const [{ operations }, { sources }] = await Promise.all([import('@/lib/api/registry'), import('@/lib/sources/registry')]);
    const omgeving: Omgeving = {
      operaties: operations,
      bronnen: sources,
      env: process.env,
      specificatie: new Set(specOperations.map((e) => `${e.methode} ${e.pad}`)),
    };
    return { data: backlog(KANDIDATEN, omgeving, query), bronnen: [ownServiceBron('Werklijst van deze dienst')] };
  },
});
