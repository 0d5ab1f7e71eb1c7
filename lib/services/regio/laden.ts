// Loading core figures of regions for the region and statistics operations: picks the KWB edition (the newest
// that CBS answers for, or the table of a requested year with fallback to the nearest older edition), then
// fetches the edition's metadata, the rows and the names of the regions in parallel. All calls are cached
// and coalesced by the shared fetch helper, so the composed operations share them.
import { Problem } from '@/lib/api/problems';
import { KWB_EDITIES, kwbEditie, kwbNamen, kwbRijen, regioKey, tabelVoorJaar, type KwbEditie, type TabelKeuze } from '@/lib/sources/cbs-kwb';
import type { Sourced } from '@/lib/sources/gather';
import { SourceError } from '@/lib/sources/source-error';
import { naarKerncijfers, type Kerncijfers } from '@/lib/regio/kerncijfers';

export interface GeladenRegios {
  keuze: TabelKeuze;
  editie: KwbEditie;
  /** Per requested code its figures; a code missing here does not occur in the edition. */
  regios: Map<string, Kerncijfers>;
}

/** Whether a failure means "this table is not published (yet)" rather than "CBS is failing". */
export function tabelOntbreekt(err: unknown): boolean {
  return err instanceof SourceError && err.kind === 'http' && err.httpStatus === 404;
}

/** Figures of the given regions in the edition of `jaar` (default: the newest edition CBS answers for). */
export async function laadRegios(codes: readonly string[], jaar: number | undefined, signal: AbortSignal): Promise<Sourced<GeladenRegios>> {
  if (jaar !== undefined) {
    const keuze = tabelVoorJaar(jaar);
    if (!keuze) {
      const eerste = KWB_EDITIES[KWB_EDITIES.length - 1].jaar;
      throw new Problem('invalid_parameter', {
        detail: `Kerncijfers wijken en buurten bestaan vanaf ${eerste}.`,
        invalidParams: [{ name: 'jaar', in: 'query', reason: `ligt vóór de eerste jaartabel (${eerste})` }],
      });
    }
    return laadUitTabel(keuze, codes, signal);
  }
  return metNieuwsteTabel((editie) => laadUitTabel({ gevraagd_jaar: editie.jaar, tabel: editie.tabel, jaar: editie.jaar, terugval: false }, codes, signal));
}

/**
 * Runs `fn` on the newest edition; when CBS answers 404 for that table (not published, or withdrawn) it runs
 * on the next older one. Any other failure is passed on (a 502 naming the source).
 */
export async function metNieuwsteTabel<T>(fn: (editie: { jaar: number; tabel: string }) => Promise<T>): Promise<T> {
  for (const [i, editie] of KWB_EDITIES.entries()) {
    try {
      return await fn(editie);
    } catch (err) {
      if (!tabelOntbreekt(err) || i === KWB_EDITIES.length - 1) throw err;
    }
  }
  throw new Error('no KWB editions configured');
}

async function laadUitTabel(keuze: TabelKeuze, codes: readonly string[], signal: AbortSignal): Promise<Sourced<GeladenRegios>> {
  const [editie, rijen, namen] = await Promise.all([
    kwbEditie(keuze.tabel, signal),
    kwbRijen(keuze.tabel, codes, signal),
    kwbNamen(keuze.tabel, codes, signal),
  ]);
  const naamVan = new Map(namen.data.map((n) => [n.code, n.naam]));
  const regios = new Map<string, Kerncijfers>();
  for (const row of rijen.data) {
    const code = regioKey(row);
    regios.set(code, naarKerncijfers(row, editie.data, code, naamVan.get(code) ?? null));
  }
  return {
    data: { keuze: { ...keuze, jaar: editie.data.jaar }, editie: editie.data, regios },
    bronnen: [...editie.bronnen, ...rijen.bronnen, ...namen.bronnen],
  };
}

/** The figures of one region, or a 400 problem naming the parameter when the edition does not have it. */
export function regioOf400(geladen: GeladenRegios, code: string, param: string, where: 'path' | 'query' = 'path'): Kerncijfers {
  const found = geladen.regios.get(code);
  if (found) return found;
  const reason = `komt niet voor in ${geladen.editie.titel ?? 'tabel'} (${geladen.editie.tabel})`;
  throw new Problem('invalid_parameter', { detail: `Regio ${code} ${reason}.`, invalidParams: [{ name: param, in: where, reason }] });
}
