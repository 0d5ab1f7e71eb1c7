// The validated property object of one address, reused by the pand operation and the reports: resolve
// the address (PDOK Locatieserver), then BAG, WOZ, EP-Online, the cadastral map and CBS in parallel within
// one time budget. A failing sub-source makes only its fields 'onbeschikbaar'; all answers are cached 24 h.
import { gather, type Sourced } from '@/lib/sources/gather';
import { SourceError } from '@/lib/sources/source-error';
import type { BronEntry } from '@/lib/sources/bron';
import { bagOgc, pandByLink, verblijfsobject } from '@/lib/sources/bag-ogc';
import type { BagPand } from '@/lib/sources/bag-ogc-convert';
import { wozObject, wozWaardeloket } from '@/lib/sources/woz-waardeloket';
import { energielabels, epOnline } from '@/lib/sources/ep-online';
import { brkKadastraleKaart, perceelOpPunt } from '@/lib/sources/brk-kadastrale-kaart';
import { buurtKerncijfers } from '@/lib/sources/cbs-kerncijfers';
import { cbsStatline } from '@/lib/sources/cbs-statline';
import { zonderPunt } from '@/lib/adres/zonder-punt';
import { zoekAdres } from './adres';
import { type BagGegevens, type Uitkomsten, stelPandSamen } from './pand-velden';
import type { Pand } from './types';

/** Time budget of the parallel sub-source calls (the address look-up comes before it). */
export const PAND_BUDGET_MS = 4000;
/** At most this many panden are read for one verblijfsobject. */
const MAX_PANDEN = 5;

/**
 * The property object of postcode + huisnummer (+ toevoeging: a letter and/or an addition). Throws a
 * not_found Problem when the address does not exist and a SourceError (502) when the Locatieserver fails.
 */
export async function getPand(
  postcode: string,
  huisnummer: number,
  toevoeging: string | null | undefined,
  signal?: AbortSignal,
): Promise<Sourced<Pand>> {
  const adres = await zoekAdres(postcode, huisnummer, toevoeging, signal);
  const a = adres.data;
  const vboId = a.adresseerbaarobject_id;
  const numId = a.nummeraanduiding_id;
  const rd = a.coordinaten.rd;
  const buurtCode = a.buurt_code && /^BU[0-9]{4}[0-9A-Z]{4}$/.test(a.buurt_code) ? a.buurt_code : null;

  // A call whose id is missing is not made: its outcome stays undefined and its fields 'onbekend'.
  const { results, bronnen } = await gather(
    {
      bag: { source: bagOgc, run: (s) => (vboId ? bagGegevens(vboId, s) : nietGevraagd()) },
      woz: { source: wozWaardeloket, run: async (s) => (numId ? wrap(await wozObject(numId, s), (object) => ({ object })) : nietGevraagd()) },
      ep: { source: epOnline, run: async (s) => (vboId ? wrap(await energielabels(vboId, s), (labels) => ({ labels })) : nietGevraagd()) },
      // Without a coordinate the parcel is not asked: 'onbeschikbaar' in bronnen (geen_coordinaat), not silently 'onbekend'.
      brk: { source: brkKadastraleKaart, run: async (s) => (rd ? wrap(await perceelOpPunt(rd, s), (perceel) => ({ perceel })) : zonderPunt(brkKadastraleKaart)) },
      cbs: { source: cbsStatline, run: async (s) => (buurtCode ? wrap(await buurtKerncijfers(buurtCode, s), (cijfers) => ({ cijfers })) : nietGevraagd()) },
    },
    { budgetMs: PAND_BUDGET_MS, signal },
  );
  const uitkomsten: Uitkomsten = results;
  return { data: stelPandSamen(a, uitkomsten), bronnen: [...adres.bronnen, ...bronnen] };
}

/** The verblijfsobject and its panden. A failing pand call keeps the verblijfsobject's fields. */
async function bagGegevens(vboId: string, signal: AbortSignal): Promise<Sourced<BagGegevens>> {
  const vbo = await verblijfsobject(vboId, signal);
  const bronnen: BronEntry[] = [...vbo.bronnen];
  if (!vbo.data) return { data: { vbo: null, panden: [], pandFout: false }, bronnen };
  const settled = await Promise.allSettled((vbo.data.pand_links ?? []).slice(0, MAX_PANDEN).map((href) => pandByLink(href, signal)));
  const panden: BagPand[] = [];
  let pandFout = false;
  for (const s of settled) {
    if (s.status === 'fulfilled') {
      if (s.value.data) panden.push(s.value.data);
      bronnen.push(...s.value.bronnen);
    } else if (s.reason instanceof SourceError) {
      pandFout = true;
      bronnen.push(...s.reason.bronnen);
    } else {
      throw s.reason;
    }
  }
  return { data: { vbo: vbo.data, panden, pandFout }, bronnen };
}

/** Wraps a source answer so that "answered: nothing found" (inner null) differs from "failed" (null). */
function wrap<T, W>(answer: Sourced<T>, make: (data: T) => W): Sourced<W> {
  return { data: make(answer.data), bronnen: answer.bronnen };
}

/** The outcome of a call that is not made (no bronnen entry; its fields become 'onbekend'). */
async function nietGevraagd(): Promise<Sourced<undefined>> {
  return { data: undefined, bronnen: [] };
}
