'use client';
// Benchmark (GET /benchmark): a peer group of active vestigingen (a breadth segment and/or a place) and per
// metric its distribution as a box: p10–p90 light, p25–p75 dark, the median as a line, min–max as a thin
// whisker; with a chosen vestiging its own value as a marked diamond with value and percentile. Every chart
// has a caption in words and the table below holds every number. Choices in the URL (seg, regio, vestiging).
import { useState, type FormEvent } from 'react';
import { Bar, CartesianGrid, ComposedChart, ReferenceDot, ReferenceLine, XAxis, YAxis } from 'recharts';
import { BENCHMARK_METRIEKEN, type Benchmark, type BenchmarkRegel } from '@/lib/monitor/metrics/benchmark';
import type { Dekking } from '@/lib/services/distributiemonitor/markt';
import { Bronregel } from '../bronregel';
import { getal } from '../opmaak';
import { GrafiekExport } from '../export/export-menu';
import { getalKolom, Tabel } from '../tabel';
import { Laden, Leeg, Resultaat } from '../toestand';
import { useMonitor } from '../use-monitor';
import { usePeildatum, useUrlStaat } from '../use-url-staat';
import { VestigingZoeker } from './vestiging-zoeker';

/** GET /benchmark: the metric's answer (lib/monitor/metrics/benchmark.ts) with the answer's dekking. */
export type BenchmarkAntwoord = Benchmark & { dekking: Dekking };

export const SEGMENT_NAMEN: Record<string, string> = {
  q1_smal: 'q1_smal (smalste kwart)',
  q2: 'q2',
  q3: 'q3',
  q4_breed: 'q4_breed (breedste kwart)',
};

const TITEL = Object.fromEntries(BENCHMARK_METRIEKEN.map((m) => [m.metriek, m.titel])) as Record<string, string>;
export const metriekTitel = (m: string) => TITEL[m] ?? m;

const KLEUR_BAND = '#c9d9ec';
const KLEUR_KERN = '#6f97c6';
const KLEUR_MEDIAAN = '#0b2d52';
const KLEUR_EIGEN = '#b35c00';

/** A round upper end for the axis, at least `x`. */
export function bovengrens(x: number): number {
  if (x <= 0) return 1;
  if (x <= 10) return Math.ceil(x);
  const stap = 10 ** Math.floor(Math.log10(x)) / 2;
  return Math.ceil(x / stap) * stap;
}

/** The marker's text: "5 · percentiel 89,6" (value and position among the peers). */
export const eigenTekst = (waarde: number, percentiel: number | null) => `${getal(waarde)} · percentiel ${getal(percentiel)}`;

function EigenMarker({ cx = 0, cy = 0, waarde, percentiel, fractie }: { cx?: number; cy?: number; waarde: number; percentiel: number | null; fractie: number }) {
  const anker = fractie < 0.2 ? 'start' : fractie > 0.8 ? 'end' : 'middle';
  const dx = anker === 'start' ? -8 : anker === 'end' ? 8 : 0;
  return (
    <g className="eigen-positie" data-testid="eigen-positie" data-waarde={waarde} data-percentiel={percentiel ?? ''}>
      <path d={`M${cx},${cy - 10} L${cx + 10},${cy} L${cx},${cy + 10} L${cx - 10},${cy} Z`} fill={KLEUR_EIGEN} stroke="#fff" strokeWidth={2} />
      <text x={cx + dx} y={cy - 20} textAnchor={anker} className="eigen-positie__tekst" data-testid="eigen-tekst">
        {eigenTekst(waarde, percentiel)}
      </text>
    </g>
  );
}

/** One metric's distribution in the peer group as a horizontal box, with the vestiging's own value. */
function Verdelingsgrafiek({ regel }: { regel: BenchmarkRegel }) {
  const v = regel.verdeling;
  const titel = metriekTitel(regel.metriek);
  const eigen = regel.eigen?.waarde ?? null;
  if (v.n === 0 || v.p10 === null || v.p25 === null || v.p50 === null || v.p75 === null || v.p90 === null) {
    return <Leeg>Geen waarden voor {titel.toLowerCase()} in deze peergroep.</Leeg>;
  }
  const top = bovengrens(Math.max(v.max ?? 0, eigen ?? 0));
  const data = [{ metriek: titel, basis: v.p10, laag: v.p25 - v.p10, kern1: v.p50 - v.p25, kern2: v.p75 - v.p50, hoog: v.p90 - v.p75 }];
  return (
    <div className="benchmark-grafiek" aria-hidden="true">
      <ComposedChart
        layout="vertical"
        data={data}
        responsive
        style={{ width: '100%', height: 112 }}
        margin={{ top: 34, right: 18, bottom: 4, left: 18 }}
        barSize={28}
        accessibilityLayer={false}
      >
        <CartesianGrid horizontal={false} stroke="#e8edf3" />
        <XAxis type="number" domain={[0, top]} allowDecimals={regel.metriek === 'vergunningsjaren'} tickCount={6} fontSize={12} />
        <YAxis type="category" dataKey="metriek" hide />
        <ReferenceLine
          className="whisker"
          segment={[
            { x: v.min ?? v.p10, y: titel },
            { x: v.max ?? v.p90, y: titel },
          ]}
          stroke="#8a9aae"
          strokeWidth={2}
          ifOverflow="visible"
        />
        <Bar dataKey="basis" stackId="box" fill="transparent" isAnimationActive={false} className="verdeling-basis" />
        <Bar dataKey="laag" stackId="box" fill={KLEUR_BAND} isAnimationActive={false} className="verdeling-band" />
        <Bar dataKey="kern1" stackId="box" fill={KLEUR_KERN} isAnimationActive={false} className="verdeling-band" />
        <Bar dataKey="kern2" stackId="box" fill={KLEUR_KERN} isAnimationActive={false} className="verdeling-band" />
        <Bar dataKey="hoog" stackId="box" fill={KLEUR_BAND} isAnimationActive={false} className="verdeling-band" />
        <ReferenceLine className="mediaan-lijn" x={v.p50} stroke={KLEUR_MEDIAAN} strokeWidth={3} ifOverflow="visible" />
        {eigen !== null && (
          <ReferenceDot
            x={eigen}
            y={titel}
            r={10}
            ifOverflow="visible"
            shape={(p: { cx?: number; cy?: number }) => (
              <EigenMarker cx={p.cx} cy={p.cy} waarde={eigen} percentiel={regel.eigen?.percentiel ?? null} fractie={eigen / top} />
            )}
          />
        )}
      </ComposedChart>
    </div>
  );
}

/** The caption in words: what a reader would take from the picture. */
function onderschrift(regel: BenchmarkRegel, naam: string | null): string {
  const v = regel.verdeling;
  if (v.n === 0) return '';
  let s = `${getal(v.n)} peers: mediaan ${getal(v.p50)}, middelste helft ${getal(v.p25)}–${getal(v.p75)}, 80% tussen ${getal(v.p10)} en ${getal(v.p90)} (min ${getal(v.min)}, max ${getal(v.max)}).`;
  if (regel.eigen) {
    s +=
      regel.eigen.waarde === null
        ? ` ${naam ?? 'De vestiging'} heeft geen waarde voor deze metriek.`
        : ` ${naam ?? 'De vestiging'}: ${getal(regel.eigen.waarde)}, percentiel ${getal(regel.eigen.percentiel)}.`;
  }
  return s;
}

function Legenda({ metEigen }: { metEigen: boolean }) {
  return (
    <ul className="benchmark-legenda" aria-label="Legenda">
      <li>
        <span className="benchmark-legenda__vlak" style={{ background: KLEUR_BAND }} /> p10–p90
      </li>
      <li>
        <span className="benchmark-legenda__vlak" style={{ background: KLEUR_KERN }} /> p25–p75
      </li>
      <li>
        <span className="benchmark-legenda__lijn" style={{ background: KLEUR_MEDIAAN }} /> mediaan
      </li>
      <li>
        <span className="benchmark-legenda__lijn benchmark-legenda__lijn--dun" /> min–max
      </li>
      {metEigen && (
        <li>
          <span className="benchmark-legenda__ruit" style={{ background: KLEUR_EIGEN }} /> gekozen vestiging (waarde · percentiel)
        </li>
      )}
    </ul>
  );
}

/** The place field: applied on Enter, on leaving the field or with the button (not per keystroke). */
function RegioVeld({ waarde, onZet }: { waarde: string; onZet: (regio: string) => void }) {
  const [concept, setConcept] = useState(waarde);
  const toepassen = (e?: FormEvent) => {
    e?.preventDefault();
    if (concept.trim() !== waarde) onZet(concept.trim());
  };
  return (
    <form className="benchmark-regio" onSubmit={toepassen}>
      <label>
        Plaats (exact, hoofdletterongevoelig)
        <input type="text" value={concept} onChange={(e) => setConcept(e.target.value)} onBlur={() => toepassen()} maxLength={100} placeholder="alle plaatsen" />
      </label>
      <button type="submit" className="knop knop--rand knop--klein">
        Toepassen
      </button>
    </form>
  );
}

export function Benchmark() {
  const peildatum = usePeildatum();
  const [staat, zet] = useUrlStaat({ seg: '', regio: '', vestiging: '' });
  const q = useMonitor<BenchmarkAntwoord>('/benchmark', {
    peergroep_seg: staat.seg,
    peergroep_regio: staat.regio,
    vestiging_id: staat.vestiging,
    peildatum,
  });
  const gekozen = q.data?.data.vestiging;

  return (
    <div className="dash-stapel benchmark-weergave" data-testid="benchmark">
      <section className="paneel" aria-labelledby="kop-peergroep">
        <h2 id="kop-peergroep">Peergroep en vestiging</h2>
        <div className="bediening">
          <label>
            Segment (productbreedte)
            <select value={staat.seg} onChange={(e) => zet({ seg: e.target.value })}>
              <option value="">Alle segmenten</option>
              {Object.entries(SEGMENT_NAMEN).map(([k, t]) => (
                <option key={k} value={k}>
                  {t}
                </option>
              ))}
            </select>
          </label>
          <RegioVeld key={staat.regio} waarde={staat.regio} onZet={(regio) => zet({ regio })} />
        </div>
        <div className="benchmark-keuze">
          {staat.vestiging ? (
            <div className="benchmark-gekozen" data-testid="gekozen-vestiging">
              <p>
                Gekozen vestiging:{' '}
                <strong>{gekozen && gekozen.vestiging_id === staat.vestiging ? gekozen.naam : staat.vestiging}</strong>{' '}
                <code>{staat.vestiging}</code>
                {gekozen && gekozen.vestiging_id === staat.vestiging && (
                  <span className="zacht">
                    {' '}
                    · {gekozen.plaats ?? 'plaats onbekend'} · segment {gekozen.segment ?? '–'}
                    {gekozen.actief ? '' : ' · beëindigd (gemeten tegen de actieve markt)'}
                  </span>
                )}
              </p>
              <div className="benchmark-gekozen__knoppen">
                {gekozen && gekozen.vestiging_id === staat.vestiging && gekozen.plaats && gekozen.plaats.toLowerCase() !== staat.regio.toLowerCase() && (
                  <button type="button" className="knop knop--rand knop--klein" onClick={() => zet({ regio: gekozen.plaats! })}>
                    Vergelijk binnen {gekozen.plaats}
                  </button>
                )}
                {gekozen && gekozen.vestiging_id === staat.vestiging && gekozen.segment && gekozen.segment !== staat.seg && (
                  <button type="button" className="knop knop--rand knop--klein" onClick={() => zet({ seg: gekozen.segment! })}>
                    Vergelijk binnen segment {gekozen.segment}
                  </button>
                )}
                <button type="button" className="knop knop--rand knop--klein" onClick={() => zet({ vestiging: '' })}>
                  Vestiging loslaten
                </button>
              </div>
            </div>
          ) : (
            <p className="zacht">Kies een vestiging om haar eigen positie in de peergroep te zien.</p>
          )}
          <VestigingZoeker label={staat.vestiging ? 'Andere vestiging zoeken' : 'Vestiging zoeken'} onKies={(v) => zet({ vestiging: v.vestiging_id })} />
        </div>
      </section>

      <Resultaat query={q} laden={<Laden hoogte="26rem" />} context="Benchmark">
        {(b, env) => (
          <>
            <section aria-labelledby="kop-verdeling" data-testid="benchmark-resultaat">
              <h2 id="kop-verdeling">
                {b.peergroep.segment ? `Segment ${b.peergroep.segment}` : 'Alle segmenten'}
                {b.peergroep.plaats ? ` in ${b.peergroep.plaats}` : ''}: {getal(b.peergroep.n)} actieve vestiging{b.peergroep.n === 1 ? '' : 'en'}
              </h2>
              <p className="zacht">
                Peildatum {b.dekking.peildatum} (datasetversie {b.dekking.versie_id}). Segmentgrenzen over de hele markt: q1_smal ≤ {getal(b.segmentgrenzen.q1_smal)}{' '}
                producten, q2 ≤ {getal(b.segmentgrenzen.q2)}, q3 ≤ {getal(b.segmentgrenzen.q3)}, q4_breed daarboven.
              </p>
              {b.peergroep.n === 0 ? (
                <Leeg>
                  Geen actieve vestigingen in deze peergroep
                  {b.peergroep.plaats ? ` (plaats "${b.peergroep.plaats}" moet exact overeenkomen; hoofdletters maken niet uit)` : ''}. Kies een ander segment of een
                  andere plaats.
                </Leeg>
              ) : (
                <>
                  <Legenda metEigen={!!b.vestiging} />
                  <div className="benchmark-raster">
                    {b.metrieken.map((r) => (
                      <figure key={r.metriek} className="paneel benchmark-figuur" data-testid={`verdeling-${r.metriek}`} data-metriek={r.metriek}>
                        <h3>{metriekTitel(r.metriek)}</h3>
                        <Verdelingsgrafiek regel={r} />
                        <GrafiekExport titel={`${metriekTitel(r.metriek)}: verdeling in de peergroep`} />
                        <figcaption>{onderschrift(r, b.vestiging?.naam ?? null)}</figcaption>
                        <p className="zacht benchmark-uitleg">{r.beschrijving}</p>
                      </figure>
                    ))}
                  </div>
                  <BenchmarkTabel b={b} />
                </>
              )}
            </section>
            <Bronregel bronnen={env.bronnen} />
          </>
        )}
      </Resultaat>
    </div>
  );
}

function BenchmarkTabel({ b }: { b: BenchmarkAntwoord }) {
  return (
    <div className="tabel-houder">
      <Tabel
        testid="benchmark-tabel"
        bijschrift={`Verdeling per metriek${b.vestiging ? ` en de positie van ${b.vestiging.naam}` : ''}`}
        kolommen={[
          'Metriek',
          ...['n', 'min', 'p10', 'p25', 'mediaan', 'p75', 'p90', 'max'].map((k) => getalKolom(k)),
          ...(b.vestiging ? [getalKolom('Eigen waarde'), getalKolom('Percentiel')] : []),
        ]}
      >
        {b.metrieken.map((r) => (
          <tr key={r.metriek} data-metriek={r.metriek}>
            <th scope="row">{metriekTitel(r.metriek)}</th>
            {(['n', 'min', 'p10', 'p25', 'p50', 'p75', 'p90', 'max'] as const).map((k) => (
              <td key={k} className="getal">
                {getal(r.verdeling[k])}
              </td>
            ))}
            {b.vestiging && (
              <>
                <td className="getal">{getal(r.eigen?.waarde)}</td>
                <td className="getal">{getal(r.eigen?.percentiel)}</td>
              </>
            )}
          </tr>
        ))}
      </Tabel>
    </div>
  );
}
