// Peer benchmark: where a vestiging stands among comparable offices. Peers are active vestigingen in the
// same breadth segment (quartile of product breadth) and/or the same plaats; per metric the distribution
// and, for one vestiging, its value and percentile position. Pure.
import type { MarktHolding, MarktVestiging } from '../derive/types';
import { jarenTussen, oplopend, percentiel, plaatsSleutel, rond, tel } from './common';

export type Segment = 'q1_smal' | 'q2' | 'q3' | 'q4_breed';
export const SEGMENTEN: readonly Segment[] = ['q1_smal', 'q2', 'q3', 'q4_breed'];

/**
 * How the segments are cut: sort `producten.length` of the active vestigingen ascending (n values) and take
 * the nearest-rank quartiles c_k = the value at rank ⌈k·n/4⌉ (1-based), k = 1, 2, 3. A vestiging with
 * breadth b is q1_smal when b ≤ c1, else q2 when b ≤ c2, else q3 when b ≤ c3, else q4_breed. Equal values
 * always share a segment, the lower one (so a segment may be empty when cuts coincide).
 */
export const SEGMENT_REGEL =
  'Sorteer de productbreedte (aantal geadviseerde producten) van de actieve vestigingen oplopend (n waarden). Grens c_k = de waarde op rang ⌈k·n/4⌉ (k = 1, 2, 3; rangen vanaf 1). Breedte ≤ c1: q1_smal; anders ≤ c2: q2; anders ≤ c3: q3; anders q4_breed. Gelijke waarden vallen in hetzelfde, laagste segment; een segment kan daardoor leeg zijn.';

export type BenchmarkMetriek = 'productbreedte' | 'vergunningsjaren' | 'organisatie_omvang' | 'concurrenten_in_plaats';

export const BENCHMARK_METRIEKEN: readonly { metriek: BenchmarkMetriek; titel: string; beschrijving: string }[] = [
  { metriek: 'productbreedte', titel: 'Productbreedte', beschrijving: 'Aantal producten waarin de vestiging adviseert of bemiddelt onder een geldige vergunning.' },
  {
    metriek: 'vergunningsjaren',
    titel: 'Vergunningsjaren',
    beschrijving: 'Jaren (dagen / 365,25, op 1 decimaal) van de vroegste adviesvergunning tot de peildatum; vestigingen zonder begindatum tellen niet mee.',
  },
  {
    metriek: 'organisatie_omvang',
    titel: 'Omvang organisatie',
    beschrijving: 'Actieve vestigingen van dezelfde hoofdholding als de vestiging daaronder valt, anders van hetzelfde KvK-nummer (de vestiging zelf meegeteld).',
  },
  {
    metriek: 'concurrenten_in_plaats',
    titel: 'Concurrenten in de plaats',
    beschrijving: 'Andere actieve vestigingen in dezelfde plaats (hoofdletterongevoelig); vestigingen zonder plaats tellen niet mee.',
  },
];

export const PERCENTIEL_REGEL =
  'Percentielen met lineaire interpolatie (numpy-standaard, Excel PERCENTIEL.INC): op de oplopend gesorteerde waarden x[0..n−1] is h = (n − 1)·p/100 en Pp = x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]); afgerond op 2 decimalen. Positie van een vestiging: (aantal peers met een lagere waarde + ½ · aantal met een gelijke waarde) / n × 100, op 1 decimaal (de vestiging zelf telt mee als zij tot de peergroep behoort).';

export interface Verdeling {
  n: number;
  min: number | null;
  p10: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p90: number | null;
  max: number | null;
}

export interface BenchmarkRegel {
  metriek: BenchmarkMetriek;
  beschrijving: string;
  verdeling: Verdeling;
  /** Only when a vestiging_id is asked: its value (null when it has none) and position among the peers. */
  eigen?: { waarde: number | null; percentiel: number | null };
}

export interface Benchmark {
  peildatum: string;
  peergroep: { segment: Segment | null; plaats: string | null; n: number };
  /** The cuts c1..c3 of the segments over the whole active market. */
  segmentgrenzen: { q1_smal: number | null; q2: number | null; q3: number | null };
  vestiging: { vestiging_id: string; naam: string; plaats: string | null; actief: boolean; segment: Segment | null } | null;
  metrieken: BenchmarkRegel[];
}

export interface BenchmarkInput {
  vestigingen: readonly MarktVestiging[];
  /** Not needed for the figures (sizes come from the active vestigingen); accepted for symmetry with the other metrics. */
  holdings?: readonly MarktHolding[];
  peildatum: string;
  peergroep_seg?: Segment;
  peergroep_regio?: string;
  vestiging_id?: string;
}

/** The segment cuts over the active vestigingen (null when there are none). */
export function segmentGrenzen(vestigingen: readonly MarktVestiging[]): [number, number, number] | null {
  const b = vestigingen.filter((v) => v.actief).map((v) => v.producten.length).sort(oplopend);
  if (b.length === 0) return null;
  const at = (k: number) => b[Math.ceil((k * b.length) / 4) - 1];
  return [at(1), at(2), at(3)];
}

export function segmentVan(breedte: number, grenzen: readonly [number, number, number]): Segment {
  if (breedte <= grenzen[0]) return 'q1_smal';
  if (breedte <= grenzen[1]) return 'q2';
  if (breedte <= grenzen[2]) return 'q3';
  return 'q4_breed';
}

export function verdeling(waarden: readonly number[]): Verdeling {
  const x = [...waarden].sort(oplopend);
  const q = (p: number) => {
    const r = percentiel(x, p);
    return r === null ? null : rond(r, 2);
  };
  return { n: x.length, min: x.length ? x[0] : null, p10: q(10), p25: q(25), p50: q(50), p75: q(75), p90: q(90), max: x.length ? x[x.length - 1] : null };
}

/** Position of `waarde` among `waarden`: (lower + ½·equal) / n × 100, 1 decimal; null without peers. */
export function positie(waarde: number, waarden: readonly number[]): number | null {
  if (waarden.length === 0) return null;
  let lager = 0;
  let gelijk = 0;
  for (const w of waarden) {
    if (w < waarde) lager++;
    else if (w === waarde) gelijk++;
  }
  return rond(((lager + gelijk / 2) / waarden.length) * 100, 1);
}

/** null when `vestiging_id` is given but unknown (the route answers 404). */
export function benchmark(input: BenchmarkInput): Benchmark | null {
  const { vestigingen, peildatum } = input;
  const doel = input.vestiging_id ? vestigingen.find((v) => v.vestiging_id === input.vestiging_id) : undefined;
  if (input.vestiging_id && !doel) return null;

  const actief = vestigingen.filter((v) => v.actief);
  const grenzen = segmentGrenzen(vestigingen);
  const perKvk = tel(actief.filter((v) => !v.hoofdholding_id).map((v) => v.kvk_nummer));
  const perHoofd = tel(actief.filter((v) => v.hoofdholding_id).map((v) => v.hoofdholding_id!));
  const perPlaats = tel(actief.map((v) => plaatsSleutel(v.plaats)).filter((k): k is string => k !== null));

  // A vestiging's values; an inactive one is measured against the active market (not counted in it).
  const waarde = (v: MarktVestiging, m: BenchmarkMetriek): number | null => {
    switch (m) {
      case 'productbreedte':
        return v.producten.length;
      case 'vergunningsjaren':
        return v.sinds ? rond(jarenTussen(v.sinds, peildatum), 1) : null;
      case 'organisatie_omvang':
        return (v.hoofdholding_id ? perHoofd.get(v.hoofdholding_id) : perKvk.get(v.kvk_nummer)) ?? (v.actief ? 1 : 0);
      case 'concurrenten_in_plaats': {
        const k = plaatsSleutel(v.plaats);
        if (!k) return null;
        return (perPlaats.get(k) ?? 0) - (v.actief ? 1 : 0);
      }
    }
  };

  const regio = plaatsSleutel(input.peergroep_regio);
  const seg = input.peergroep_seg ?? null;
  const peers = actief.filter(
    (v) => (!seg || (grenzen !== null && segmentVan(v.producten.length, grenzen) === seg)) && (!regio || plaatsSleutel(v.plaats) === regio),
  );

  const metrieken: BenchmarkRegel[] = BENCHMARK_METRIEKEN.map(({ metriek, beschrijving }) => {
    const waarden = peers.map((v) => waarde(v, metriek)).filter((x): x is number => x !== null);
    const regel: BenchmarkRegel = { metriek, beschrijving, verdeling: verdeling(waarden) };
    if (doel) {
      const w = waarde(doel, metriek);
      regel.eigen = { waarde: w, percentiel: w === null ? null : positie(w, waarden) };
    }
    return regel;
  });

  return {
    peildatum,
    peergroep: { segment: seg, plaats: input.peergroep_regio?.trim() || null, n: peers.length },
    segmentgrenzen: { q1_smal: grenzen?.[0] ?? null, q2: grenzen?.[1] ?? null, q3: grenzen?.[2] ?? null },
    vestiging: doel
      ? {
          vestiging_id: doel.vestiging_id,
          naam: doel.naam,
          plaats: doel.plaats,
          actief: doel.actief,
          segment: grenzen ? segmentVan(doel.producten.length, grenzen) : null,
        }
      : null,
    metrieken,
  };
}
