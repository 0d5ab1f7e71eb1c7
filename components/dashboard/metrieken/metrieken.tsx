'use client';
// The metrics view (GET /metrieken, one request): every key figure of the monitor with its value in the
// chosen version, its series over the dataset versions as a small line chart, its formula, unit, scale
// (with the reading bands where the declaration has them, HHI) and a Dutch explanation. Everything shown
// comes from the answer, which serves the declarations of lib/monitor/metrics/kengetallen.ts.
import { useEffect } from 'react';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dekking } from '@/lib/services/distributiemonitor/markt';
import { Bronregel } from '../bronregel';
import { useMinderBeweging } from '../grafieken/beweging';
import { Figuur } from '../grafieken/figuur';
import { REEKS_KLEUR } from '../kleuren';
import { getal, procent } from '../opmaak';
import { getalKolom, Tabel } from '../tabel';
import { Laden, Resultaat } from '../toestand';
import { useMonitor } from '../use-monitor';
import { usePeildatum } from '../use-url-staat';

interface Band {
  ondergrens: number;
  bovengrens: number | null;
  label: string;
}

export interface Metriek {
  naam: string;
  titel: string;
  eenheid: string;
  formule: string;
  invoer: string[];
  uitleg: string;
  schaal: { min: number | null; max: number | null; banden: Band[] };
  waarde: number | null;
  reeks: { versie_id: number; peildatum: string; waarde: number | null }[];
  pad: string;
}

export interface MetriekenAntwoord {
  metrieken: Metriek[];
  dekking: Dekking;
}

/** A value in the unit the declaration names. */
export const waardeTekst = (m: Pick<Metriek, 'eenheid'>, w: number | null) => (m.eenheid === 'procent' ? procent(w) : getal(w));

/** The range of a key figure in words ("0–10.000", "0 of meer", "onbegrensd, ook negatief"). */
export function schaalTekst(s: Metriek['schaal']): string {
  if (s.min !== null && s.max !== null) return `${getal(s.min)}–${getal(s.max)}`;
  if (s.min !== null) return `${getal(s.min)} of meer`;
  if (s.max !== null) return `tot ${getal(s.max)}`;
  return 'onbegrensd, ook negatief';
}

/** A band in words: "niet geconcentreerd < 1.500", "matig geconcentreerd 1.500–2.500", "sterk geconcentreerd > 2.500". */
export function bandTekst(b: Band, eerste: boolean): string {
  if (b.bovengrens === null) return `${b.label} > ${getal(b.ondergrens)}`;
  if (eerste) return `${b.label} < ${getal(b.bovengrens)}`;
  return `${b.label} ${getal(b.ondergrens)}–${getal(b.bovengrens)}`;
}

/** The band a value falls in (ondergrens inclusive, bovengrens exclusive). */
export const bandVan = (banden: readonly Band[], w: number | null) => (w === null ? undefined : banden.find((b) => w >= b.ondergrens && (b.bovengrens === null || w < b.bovengrens)));

/** The anchor of a key figure's card (/dashboard/metrieken#metriek-<naam>), as Overzicht links to it. */
export const metriekAnker = (naam: string) => `metriek-${naam}`;

export function Metrieken() {
  const peildatum = usePeildatum();
  const q = useMonitor<MetriekenAntwoord>('/metrieken', { peildatum: peildatum || undefined });
  const geladen = q.data !== undefined;
  // A link to one card (#metriek-<naam>) arrives before the cards do: bring it into view once they are there.
  useEffect(() => {
    if (!geladen || !window.location.hash) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [geladen]);
  return (
    <Resultaat query={q} laden={<Laden hoogte="40rem" label="Kengetallen laden…" />} context="Metrieken">
      {(a, env) => (
        <div className="dash-stapel" data-testid="metrieken">
          <section aria-labelledby="kop-metrieken">
            <h2 id="kop-metrieken">Kengetallen van de distributiemonitor</h2>
            <p className="zacht">
              De {a.metrieken.length} kengetallen in versie {a.dekking.versie_id} (peildatum {a.dekking.peildatum}), elk met zijn verloop over de
              datasetversies, de formule, de eenheid en schaal en wat het zegt. Een kengetal wordt per versie één keer berekend; de reeks loopt tot en
              met de gekozen versie.
            </p>
            <Bronregel bronnen={env.bronnen} />
          </section>
          <div className="metrieken-raster">
            {a.metrieken.map((m) => (
              <MetriekKaart key={m.naam} m={m} />
            ))}
          </div>
          <Bronregel bronnen={env.bronnen} />
        </div>
      )}
    </Resultaat>
  );
}

function MetriekKaart({ m }: { m: Metriek }) {
  const stil = useMinderBeweging();
  const band = bandVan(m.schaal.banden, m.waarde);
  const eerste = m.reeks.find((p) => p.waarde !== null);
  const kop = `kop-metriek-${m.naam}`;
  return (
    <article id={metriekAnker(m.naam)} className="paneel metriek" aria-labelledby={kop} data-testid={`metriek-${m.naam}`} data-naam={m.naam}>
      <h3 id={kop}>{m.titel}</h3>
      <p className="metriek__waarde">
        <strong data-testid="metriek-waarde">{waardeTekst(m, m.waarde)}</strong> <span className="zacht">{m.eenheid}</span>
        {band && (
          <span className="metriek__band" data-testid="metriek-band">
            {band.label}
          </span>
        )}
      </p>
      <p className="metriek__uitleg">{m.uitleg}</p>
      <Figuur
        titel={`${m.titel} per datasetversie`}
        testid="metriek-grafiek"
        samenvatting={
          m.reeks.length > 1 && eerste ? (
            <>
              Van {waardeTekst(m, eerste.waarde)} ({eerste.peildatum}) naar {waardeTekst(m, m.waarde)} over {m.reeks.length} versies.
            </>
          ) : (
            <>Eén versie: nog geen verloop.</>
          )
        }
        tabel={
          <Tabel bijschrift={`${m.titel} per datasetversie`} verborgen kolommen={['Versie', 'Peildatum', getalKolom(m.eenheid === 'procent' ? 'Waarde (%)' : 'Waarde')]}>
            {m.reeks.map((p) => (
              <tr key={p.versie_id}>
                <td>{p.versie_id}</td>
                <td>{p.peildatum}</td>
                <td className="getal">{waardeTekst(m, p.waarde)}</td>
              </tr>
            ))}
          </Tabel>
        }
      >
        <LineChart responsive style={{ width: '100%', height: 140 }} data={m.reeks} margin={{ top: 6, right: 8, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="peildatum" tickFormatter={(d) => String(d).slice(0, 7)} tick={{ fontSize: 11 }} minTickGap={16} />
          <YAxis width={48} tick={{ fontSize: 11 }} tickFormatter={(v) => getal(Number(v))} domain={['auto', 'auto']} />
          <Tooltip labelFormatter={(d) => `Versie met peildatum ${String(d)}`} formatter={(v) => [waardeTekst(m, Number(v)), m.titel]} />
          <Line dataKey="waarde" name={m.titel} stroke={REEKS_KLEUR} strokeWidth={2} dot={{ r: 2.5 }} isAnimationActive={!stil} connectNulls={false} />
        </LineChart>
      </Figuur>
      <dl className="metriek__feiten">
        <div>
          <dt>Formule</dt>
          <dd data-testid="metriek-formule">{m.formule}</dd>
        </div>
        <div>
          <dt>Eenheid en schaal</dt>
          <dd data-testid="metriek-eenheid">
            {m.eenheid}; bereik {schaalTekst(m.schaal)}
            {m.schaal.banden.length > 0 && <>; {m.schaal.banden.map((b, i) => bandTekst(b, i === 0)).join(', ')}</>}
          </dd>
        </div>
        <div>
          <dt>Bron</dt>
          <dd data-testid="metriek-bron">{m.invoer.join('; ')}</dd>
        </div>
        <div>
          <dt>API</dt>
          <dd>
            <a href={m.pad}>{m.pad}</a>
          </dd>
        </div>
      </dl>
    </article>
  );
}
