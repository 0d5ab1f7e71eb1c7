// What every distribution-monitor operation shares: the market of the newest dataset_versie or, with
// `peildatum`, of the newest version on or before that date (reconstructed from the wijziging rows); 503
// while there is no version; the bronnen entries with each register's peildatum (sample data labelled);
// and the `dekking` block (source, reference date and coverage) that every answer carries.
import { z } from 'zod';
import { CSV_CONTENT_TYPE, csvBytes, wilCsv } from '@/lib/api/csv';
import type { BinaryResult } from '@/lib/api/operation';
import type { Toegang } from '@/lib/access/toegang';
import { PREVIEW_MAANDEN, TIER_REGELS } from '@/lib/access/tiers';
import { tierTeLaag } from '@/lib/access/vereist';
import { minMaanden } from '@/lib/kalender';
import { intParam } from '@/lib/api/params';
import { Problem } from '@/lib/api/problems';
import { getDb } from '@/lib/db/client';
import type { Markt } from '@/lib/monitor/markt';
import { cachedMarkt, cachedVersies } from '@/lib/monitor/markt-cache';
import type { DatasetVersie } from '@/lib/monitor/store';
import { nextLink } from '@/lib/registers/common/list-answer';
import { VOORBEELD_LABEL } from '@/lib/registers/common/served';
import { afmRegister } from '@/lib/sources/afm';
import type { BronEntry } from '@/lib/sources/bron';
import { dnbRegister } from '@/lib/sources/dnb';
import { gleifGoldenCopy } from '@/lib/sources/gleif';
import type { SourceDef } from '@/lib/sources/source';

export const API = 'distributiemonitor';
export const PREFIX = '/v1/distributiemonitor';
/** The upstream registers the monitor is derived from (for the operation declarations). */
export const MONITOR_BRONNEN = [afmRegister.id, gleifGoldenCopy.id, dnbRegister.id];

const BRON_VAN_REGISTER: Record<string, SourceDef> = { fsp: afmRegister, lei: gleifGoldenCopy, finreg: dnbRegister };

const geldigeDag = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** The as-of parameter of the entity operations. */
export const peildatumParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'peildatum heeft de vorm JJJJ-MM-DD' })
  .refine(geldigeDag, { message: 'peildatum is geen bestaande datum' })
  .optional()
  .describe(
    'Antwoord zoals het was op deze datum (JJJJ-MM-DD): de nieuwste datasetversie met een peildatum op of vóór deze datum, ' +
      'gereconstrueerd uit de wijzigingsrijen. Zonder peildatum: de nieuwste versie.',
  )
  .meta({ examples: ['2026-06-30'] });

/** The coverage block of every monitor answer. */
export const dekkingSchema = z
  .object({
    versie_id: z.number().int().describe('De datasetversie waaruit het antwoord komt'),
    peildatum: z.iso.date().describe('Peildatum van die versie: de laatste peildatum van haar bronnen (JJJJ-MM-DD)'),
    peildatum_gevraagd: z.iso.date().nullable().describe('De gevraagde peildatum (as-of), of null voor de nieuwste versie'),
    bronnen: z.array(z.object({ register: z.string(), peildatum: z.iso.date(), voorbeelddata: z.boolean() })),
    vestigingen_actief: z.number().int(),
    aandeel_met_lei_pct: z.number().describe('Actieve vestigingen waarvan de organisatie een LEI heeft (op KvK-nummer, of op een unieke naam + plaats), in procenten'),
    aandeel_gebonden_pct: z.number().describe('Actieve vestigingen onder een hoofdholding, in procenten'),
    voorbeelddata: z.boolean().describe('true als een bron gegenereerde voorbeelddata is'),
  })
  .describe('Bron, peildatum en dekking van dit antwoord').meta({ id: 'Dekking' });

export type Dekking = z.infer<typeof dekkingSchema>;

/** A share in percent with one decimal (0 of nothing). */
export const pct = (deel: number, geheel: number) => (geheel === 0 ? 0 : Math.round((1000 * deel) / geheel) / 10);

export function dekking(m: Markt, gevraagd: string | null): Dekking {
  const a = m.versie.aantallen;
  return {
    versie_id: m.versie.id,
    peildatum: m.versie.peildatum,
    peildatum_gevraagd: gevraagd,
    bronnen: m.versie.bronnen.map((b) => ({ register: b.register, peildatum: b.peildatum, voorbeelddata: b.voorbeeld })),
    vestigingen_actief: a.vestigingen_actief ?? 0,
    aandeel_met_lei_pct: pct(a.vestigingen_met_lei ?? 0, a.vestigingen_actief ?? 0),
    aandeel_gebonden_pct: pct(a.vestigingen_gebonden ?? 0, a.vestigingen_actief ?? 0),
    voorbeelddata: m.versie.voorbeeld,
  };
}

/** The bronnen entries of an answer from version `v`: one per register it was derived from. */
export function monitorBronnen(v: DatasetVersie, startedAt: number, cache = false): BronEntry[] {
  return v.bronnen.map((b) => {
    const def = BRON_VAN_REGISTER[b.register];
    return {
      bron: def?.id ?? b.register,
      titel: `${def?.titel ?? b.register}${b.voorbeeld ? ` (${VOORBEELD_LABEL})` : ''}`,
      url: null,
      licentie: def?.licentie ?? '',
      attributie: def?.attributie ?? '',
      status: 'ok' as const,
      duur_ms: Math.round(performance.now() - startedAt),
      opgehaald_op: v.gepubliceerd_op,
      cache,
      foutsoort: null,
      opname: null,
      peildatum: b.peildatum,
      voorbeelddata: b.voorbeeld,
    };
  });
}

/** Every version, oldest first; 503 while the monitor has none. */
export async function monitorVersies(): Promise<DatasetVersie[]> {
  const versies = await cachedVersies(getDb());
  if (versies.length === 0) {
    throw new Problem('import_unavailable', {
      detail:
        'De distributiemonitor heeft nog geen datasetversie: die ontstaat na de eerste import van het AFM-register (fsp), ' +
        'eventueel met GLEIF (lei) en DNB (finreg). Zie /v1/fsp/register.',
    });
  }
  return versies;
}

/**
 * The earliest peildatum the caller's tier may see: free_preview only the latest year (PREVIEW_MAANDEN
 * before the newest version's peildatum); null for full history.
 */
export function historieGrens(versies: readonly DatasetVersie[], toegang: Toegang): string | null {
  if (TIER_REGELS[toegang.tier].volledige_historie || versies.length === 0) return null;
  return minMaanden(versies[versies.length - 1].peildatum, PREVIEW_MAANDEN);
}

/** The versions the caller may see (free_preview: those of the latest year). */
export const zichtbareVersies = (versies: readonly DatasetVersie[], toegang: Toegang) => {
  const grens = historieGrens(versies, toegang);
  return grens ? versies.filter((v) => v.peildatum >= grens) : [...versies];
};

/** 403 forbidden_tier for a version older than the caller's tier shows. */
export function controleerHistorie(versies: readonly DatasetVersie[], v: DatasetVersie, toegang: Toegang): void {
  const grens = historieGrens(versies, toegang);
  if (grens && v.peildatum < grens) {
    throw tierTeLaag(
      'standard',
      `Zonder sleutel (free_preview) is alleen het laatste jaar te zien (datasetversies vanaf ${grens}); deze vraag gaat over ${v.peildatum}. ` +
        'De tier standard ontsluit de volledige historie: vraag een sleutel aan op /sleutel en stuur hem mee in X-Api-Key.',
    );
  }
}

/** The path parameter of the operations on one version. */
export const versieIdParam = intParam(1, 2147483647, 'Id van de datasetversie').meta({ examples: [1] });

/** The version with id `id`; 404 when there is none. */
export function versieMetId(versies: readonly DatasetVersie[], id: number): DatasetVersie {
  const v = versies.find((x) => x.id === id);
  if (!v) throw new Problem('not_found', { detail: `Datasetversie ${id} bestaat niet; zie ${PREFIX}/versies.` });
  return v;
}

/** The version that answers for `peildatum` (the newest on or before it), or the newest; 403 when older than the tier shows. */
export function versieOp(versies: readonly DatasetVersie[], peildatum: string | undefined, toegang: Toegang, param = 'peildatum'): DatasetVersie {
  if (!peildatum) return versies[versies.length - 1];
  let gekozen: DatasetVersie | undefined;
  for (const v of versies) if (v.peildatum <= peildatum && (!gekozen || v.id > gekozen.id)) gekozen = v;
  if (!gekozen) {
    const eerste = versies.map((v) => v.peildatum).sort()[0];
    throw new Problem('invalid_parameter', {
      detail: `Er is geen datasetversie op of vóór ${peildatum}; de eerste versie heeft peildatum ${eerste}.`,
      invalidParams: [{ name: param, in: 'query', reason: `ligt vóór de eerste datasetversie (${eerste})` }],
    });
  }
  controleerHistorie(versies, gekozen, toegang);
  return gekozen;
}

/** The market for an operation: newest, or as of `peildatum`. */
export async function monitorMarkt(toegang: Toegang, peildatum?: string): Promise<Markt> {
  const versies = await monitorVersies();
  return cachedMarkt(getDb(), versieOp(versies, peildatum, toegang));
}

/** A 404 problem for an id the monitor does not know (in this version). */
export function nietGevonden(wat: string, id: string, m: Markt): Problem {
  return new Problem('not_found', { detail: `${wat} ${id} komt niet voor in datasetversie ${m.versie.id} (peildatum ${m.versie.peildatum}).` });
}

/** The formaat parameter of the monitor lists: CSV for standard and enterprise. */
export const monitorFormaat = z
  .enum(['json', 'csv'])
  .optional()
  .describe('json (standaard) of csv (text/csv, RFC 4180, UTF-8 met BOM; ook via Accept: text/csv); csv vraagt een sleutel (standard of enterprise)')
  .meta({ examples: ['json'] });

/** What a monitor CSV answer is made of: the rows and columns, the file name, and the sources for its provenance headers. */
export interface MonitorCsv {
  formaat: 'json' | 'csv' | undefined;
  toegang: Toegang;
  rijen: readonly object[];
  kolommen: readonly string[];
  bestand: string;
  /** The answer's bronnen (monitorBronnen): peildatum, licence and attribution go in headers (lib/api/csv.ts csvHerkomst). */
  bronnen: BronEntry[];
}

/**
 * The page as CSV when asked for (formaat=csv or Accept: text/csv), for tiers with export; 403
 * forbidden_tier naming standard for the free preview. null: answer JSON.
 */
export function monitorCsv(request: Request, { formaat, toegang, rijen, kolommen, bestand, bronnen }: MonitorCsv): BinaryResult | null {
  if (!wilCsv(request, formaat)) return null;
  if (!TIER_REGELS[toegang.tier].csv) {
    throw tierTeLaag('standard', 'CSV-export hoort bij de tier standard (en enterprise): vraag een sleutel aan op /sleutel en stuur hem mee in X-Api-Key. Zonder sleutel: JSON.');
  }
  return { binary: { body: csvBytes(rijen as readonly Record<string, unknown>[], kolommen), contentType: CSV_CONTENT_TYPE, filename: `${bestand}.csv`, bijlage: true }, bronnen };
}

/** The paging fields of a list answer (with pagina below). */
export const paginaSchema = {
  totaal: z.number().int(),
  start: z.number().int(),
  rijen: z.number().int(),
  volgende: z.string().nullable().describe('Pad met query van de volgende pagina; null op de laatste'),
};

/** The paging fields (paginaSchema) of a page of `totaal` rows in all: the link to the next page keeps the request's other parameters. */
export function paginaVelden(request: Request, q: { start: number; rijen: number }, totaal: number) {
  return { totaal, start: q.start, rijen: q.rijen, volgende: nextLink(request, q.start, q.rijen, totaal) };
}

/** One page of an in-memory list: total, paging and the link to the next page. */
export function pagina<T>(request: Request, q: { start: number; rijen: number }, items: readonly T[]) {
  return { ...paginaVelden(request, q, items.length), items: items.slice(q.start, q.start + q.rijen) };
}
