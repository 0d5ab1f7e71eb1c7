// The largest areas directly under a region (gemeente -> wijken, wijk -> buurten) by inhabitants, from one
// bulk call of the newest edition that CBS answers for.
import { kwbEditie, kwbNamen, kwbRijenMetPrefix, regioKey } from '@/lib/sources/cbs-kwb';
import { maatWaarde } from '@/lib/sources/cbs-maten';
import type { Sourced } from '@/lib/sources/gather';
import { unreadableAnswer } from '@/lib/sources/source-error';
import { niveauOnder, prefixBinnen, type Niveau } from '@/lib/regio/codes';
import { rangschik, type TopRegel } from '@/lib/regio/top';
import { metNieuwsteTabel } from './laden';

export interface Onderliggend {
  niveau: Niveau | null;
  kenmerk: 'aantal_inwoners';
  aantal: number;
  grootste: TopRegel[];
}

export async function grootsteOnderliggend(code: string, n: number, signal: AbortSignal): Promise<Sourced<Onderliggend>> {
  const niveau = niveauOnder(code);
  const prefix = niveau ? prefixBinnen(code, niveau) : null;
  if (!niveau || !prefix) return { data: { niveau: null, kenmerk: 'aantal_inwoners', aantal: 0, grootste: [] }, bronnen: [] };
  return metNieuwsteTabel(async ({ tabel }) => {
    const [editie, namen] = await Promise.all([kwbEditie(tabel, signal), kwbNamen(tabel, [prefix], signal)]);
    const maat = editie.data.maten.find((m) => m.naam === 'aantal_inwoners');
    if (!maat) throw unreadableAnswer(editie.bronnen[editie.bronnen.length - 1]);
    const rows = await kwbRijenMetPrefix(tabel, prefix, signal, [maat.key]);
    const naamVan = new Map(namen.data.map((x) => [x.code, x.naam]));
    const regios = rows.data.map((r) => ({ code: regioKey(r), naam: naamVan.get(regioKey(r)) ?? null, waarde: maatWaarde(r, maat) }));
    return {
      data: { niveau, kenmerk: 'aantal_inwoners', aantal: regios.length, grootste: rangschik(regios, n, 'hoogste').top },
      bronnen: [...editie.bronnen, ...namen.bronnen, ...rows.bronnen],
    };
  });
}
