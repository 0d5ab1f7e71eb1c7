'use client';
// The mortgage segment (GET /hypotheek): the core per service, the stock per year with a year slider, the
// licence-duration cohorts (an ageing proxy), the spread per municipality per 10,000 households (from a
// bundled table the API labels as an approximation: shown so) and the concentration of the segment.
// Choices (year, number and order of municipalities) in the URL.
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dekking } from '@/lib/services/distributiemonitor/markt';
import { Bronregel } from '../bronregel';
import { useMinderBeweging } from '../grafieken/beweging';
import { Figuur, inVolgorde, legendaTekst, PALET } from '../grafieken/figuur';
import { Staven } from '../grafieken/staven';
import { getal, procent } from '../opmaak';
import { getalKolom, Tabel } from '../tabel';
import { Laden, Leeg, Resultaat } from '../toestand';
import { useMonitor } from '../use-monitor';
import { usePeildatum, useUrlStaat } from '../use-url-staat';

interface Gemeente {
  gemeente_naam: string;
  aantal_vestigingen: number;
  huishoudens: number | null;
  per_10000_huishoudens: number | null;
}

interface Spreiding {
  brontabel?: { titel?: string; jaar?: number; tabel?: string; benadering?: boolean; toelichting?: string };
  gemeenten?: Gemeente[];
  dekking?: { vestigingen_gekoppeld?: number; vestigingen_onbekend?: number; aandeel_gekoppeld_pct?: number | null };
}

interface Concentratie {
  aantal_vestigingen?: number;
  aantal_groepen?: number;
  top5_pct?: number | null;
  top10_pct?: number | null;
  hhi?: number;
  top?: { hoofdholding_id: string; naam: string; aantal_vestigingen: number; aandeel_pct: number }[];
}

export interface HypotheekAntwoord {
  kern: { totaal: number; adviseren: number; bemiddelen: number; beide: number };
  voorraad: { jaar: number; peildatum: string; aantal: number }[];
  cohorten: { cohort: string; aantal: number }[];
  spreiding: Record<string, unknown>;
  concentratie: Record<string, unknown>;
  dekking: Dekking;
}

const AANTALLEN = [
  ['10', '10 gemeenten'],
  ['25', '25 gemeenten'],
  ['alle', 'Alle gemeenten'],
] as const;

const cohortTitel = (c: string) => (c === 'onbekend' ? 'Onbekend' : `${c} jaar`);

export function Hypotheek() {
  const peildatum = usePeildatum();
  const [staat, zet] = useUrlStaat({ jaar: '', gemeenten: '10', volgorde: 'dichtheid' });
  const q = useMonitor<HypotheekAntwoord>('/hypotheek', { peildatum: peildatum || undefined });
  return (
    <Resultaat query={q} laden={<Laden hoogte="30rem" label="Hypotheeksegment laden…" />} context="Hypotheeksegment">
      {(h, env) => (
        <div className="dash-stapel" data-testid="hypotheek">
          <section aria-labelledby="kop-kern">
            <h2 id="kop-kern">Het hypotheeksegment op {h.dekking.peildatum}</h2>
            <p className="zacht">Actieve vestigingen die adviseren of bemiddelen in hypothecair krediet. Een vestiging met beide diensten telt bij allebei.</p>
            {h.kern.totaal === 0 ? (
              <Leeg>Geen actieve vestiging adviseert of bemiddelt in hypothecair krediet in deze versie.</Leeg>
            ) : (
              <Kern kern={h.kern} />
            )}
          </section>

          <section aria-labelledby="kop-voorraad" className="paneel">
            <h2 id="kop-voorraad">Voorraad per jaar</h2>
            <Voorraad voorraad={h.voorraad} jaar={staat.jaar} zetJaar={(j) => zet({ jaar: j })} />
          </section>

          <div className="dash-twee">
            <section aria-labelledby="kop-cohorten" className="paneel">
              <h2 id="kop-cohorten">Vergunningsduur</h2>
              <Cohorten cohorten={h.cohorten} />
            </section>
            <section aria-labelledby="kop-concentratie" className="paneel">
              <h2 id="kop-concentratie">Consolidatie in het segment</h2>
              <ConcentratieDeel c={h.concentratie as Concentratie} />
            </section>
          </div>

          <section aria-labelledby="kop-spreiding" className="paneel">
            <h2 id="kop-spreiding">Spreiding per gemeente</h2>
            <SpreidingDeel s={h.spreiding as Spreiding} aantal={staat.gemeenten} volgorde={staat.volgorde} zet={zet} />
          </section>
          <Bronregel bronnen={env.bronnen} />
        </div>
      )}
    </Resultaat>
  );
}

function Kern({ kern }: { kern: HypotheekAntwoord['kern'] }) {
  const stil = useMinderBeweging();
  const delen = [
    { sleutel: 'alleen_adviseren', titel: 'Alleen adviseren', waarde: kern.adviseren - kern.beide, kleur: PALET[0] },
    { sleutel: 'beide', titel: 'Adviseren en bemiddelen', waarde: kern.beide, kleur: PALET[2] },
    { sleutel: 'alleen_bemiddelen', titel: 'Alleen bemiddelen', waarde: kern.bemiddelen - kern.beide, kleur: PALET[1] },
  ];
  return (
    <>
      <div className="tellers" data-testid="kern">
        {(
          [
            ['totaal', 'Vestigingen in het segment'],
            ['adviseren', 'Adviseren'],
            ['bemiddelen', 'Bemiddelen'],
            ['beide', 'Beide diensten'],
          ] as const
        ).map(([k, titel]) => (
          <div key={k} className="teller" data-veld={k}>
            <span className="teller__getal">{getal(kern[k])}</span>
            <span className="teller__titel">{titel}</span>
          </div>
        ))}
      </div>
      <Figuur
        titel="Samenstelling naar dienst"
        testid="grafiek-kern"
        samenvatting={<>{delen.map((d) => `${d.titel.toLowerCase()}: ${getal(d.waarde)}`).join('; ')} (samen {getal(kern.totaal)}).</>}
      >
        <BarChart
          responsive
          layout="vertical"
          style={{ width: '100%', height: 96 }}
          data={[{ naam: 'Segment', ...Object.fromEntries(delen.map((d) => [d.sleutel, d.waarde])) }]}
          margin={{ top: 0, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer
        >
          <XAxis type="number" hide domain={[0, 'dataMax']} />
          <YAxis type="category" dataKey="naam" hide />
          <Tooltip formatter={(v) => getal(Number(v))} cursor={false} />
          <Legend wrapperStyle={{ fontSize: 13 }} formatter={legendaTekst} itemSorter={inVolgorde(delen.map((d) => d.sleutel))} />
          {delen.map((d) => (
            <Bar key={d.sleutel} dataKey={d.sleutel} name={d.titel} stackId="kern" fill={d.kleur} isAnimationActive={!stil}>
              <LabelList dataKey={d.sleutel} position="center" fill="#fff" fontSize={12} formatter={(v: unknown) => (Number(v) > 0 ? getal(Number(v)) : '')} />
            </Bar>
          ))}
        </BarChart>
      </Figuur>
    </>
  );
}

function Voorraad({ voorraad, jaar, zetJaar }: { voorraad: HypotheekAntwoord['voorraad']; jaar: string; zetJaar: (j: string) => void }) {
  const stil = useMinderBeweging();
  if (voorraad.length === 0) return <Leeg>Geen vestiging in het segment met een bekende begindatum van de vergunning: er is geen voorraad per jaar te tellen.</Leeg>;
  const eerste = voorraad[0].jaar;
  const laatste = voorraad[voorraad.length - 1].jaar;
  const gevraagd = Number(jaar);
  const punt = voorraad.find((v) => v.jaar === gevraagd) ?? voorraad[voorraad.length - 1];
  const vorig = voorraad.find((v) => v.jaar === punt.jaar - 1);
  const hoogste = voorraad.reduce((m, v) => (v.aantal > m.aantal ? v : m), voorraad[0]);
  const lopend = punt.peildatum.slice(5) !== '12-31';
  return (
    <Figuur
      titel={`Vestigingen in het segment per jaar, ${eerste}–${laatste}`}
      testid="grafiek-voorraad"
      samenvatting={
        <>
          Per jaar het aantal op 31 december (het lopende jaar op de peildatum). Van {getal(voorraad[0].aantal)} in {eerste} naar{' '}
          {getal(voorraad[voorraad.length - 1].aantal)} in {laatste}; het hoogst in {hoogste.jaar} ({getal(hoogste.aantal)}). Afgeleid uit de begin- en
          einddatum van de vergunningen.
        </>
      }
      tabel={
        <Tabel testid="tabel-voorraad" bijschrift="Voorraad per jaar" verborgen kolommen={['Jaar', 'Peildag', getalKolom('Vestigingen')]}>
          {voorraad.map((v) => (
            <tr key={v.jaar} aria-current={v.jaar === punt.jaar ? 'true' : undefined}>
              <th scope="row">{v.jaar}</th>
              <td>{v.peildatum}</td>
              <td className="getal">{getal(v.aantal)}</td>
            </tr>
          ))}
        </Tabel>
      }
    >
      <div className="jaar-schuif">
        <label htmlFor="jaar-schuif">Jaar</label>
        <div className="jaar-schuif__rij">
          <input
            id="jaar-schuif"
            type="range"
            min={eerste}
            max={laatste}
            step={1}
            value={punt.jaar}
            aria-valuetext={`${punt.jaar}: ${getal(punt.aantal)} vestigingen`}
            aria-describedby="jaar-voorraad"
            onChange={(e) => zetJaar(Number(e.target.value) === laatste ? '' : e.target.value)}
          />
          <output htmlFor="jaar-schuif" data-testid="gekozen-jaar">
            {punt.jaar}
          </output>
        </div>
        <p id="jaar-voorraad" aria-live="polite" data-testid="voorraad-jaar">
          <span className="jaar-voorraad" data-testid="voorraad-aantal">
            {getal(punt.aantal)}
          </span>{' '}
          vestigingen op {lopend ? `de peildatum ${punt.peildatum}` : `31 december ${punt.jaar}`}
          {vorig ? ` (${punt.aantal - vorig.aantal >= 0 ? '+' : '−'}${getal(Math.abs(punt.aantal - vorig.aantal))} ten opzichte van ${vorig.jaar})` : ''}
        </p>
      </div>
      <BarChart responsive style={{ width: '100%', height: 260 }} data={voorraad} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="jaar" tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(v) => getal(Number(v))} labelFormatter={(j) => `Jaar ${String(j)}`} />
        <Bar dataKey="aantal" name="Vestigingen" isAnimationActive={!stil} onClick={(d: { payload?: { jaar?: number } }) => d.payload?.jaar && zetJaar(d.payload.jaar === laatste ? '' : String(d.payload.jaar))}>
          {voorraad.map((v) => (
            <Cell key={v.jaar} fill={v.jaar === punt.jaar ? '#154273' : '#a9c2de'} cursor="pointer" />
          ))}
        </Bar>
      </BarChart>
    </Figuur>
  );
}

function Cohorten({ cohorten }: { cohorten: HypotheekAntwoord['cohorten'] }) {
  const stil = useMinderBeweging();
  const totaal = cohorten.reduce((s, c) => s + c.aantal, 0);
  if (totaal === 0) return <Leeg>Geen actieve vestiging in het segment: er zijn geen cohorten te vormen.</Leeg>;
  const jong = cohorten.find((c) => c.cohort === '0-4')?.aantal ?? 0;
  const oud = cohorten.filter((c) => c.cohort === '20+' || c.cohort === '10-19').reduce((s, c) => s + c.aantal, 0);
  const rijen = cohorten.map((c) => ({ ...c, titel: cohortTitel(c.cohort), aandeel: totaal ? Math.round((1000 * c.aantal) / totaal) / 10 : 0 }));
  return (
    <Figuur
      titel="Actieve vestigingen naar jaren sinds de vroegste adviesvergunning"
      testid="grafiek-cohorten"
      samenvatting={
        <>
          Een maat voor vergrijzing: {procent(Math.round((1000 * oud) / totaal) / 10)} heeft een vergunning van 10 jaar of ouder,{' '}
          {procent(Math.round((1000 * jong) / totaal) / 10)} een van minder dan 5 jaar ({getal(totaal)} vestigingen).
        </>
      }
      tabel={
        <Tabel
          testid="tabel-cohorten"
          bijschrift="Cohorten naar vergunningsduur"
          verborgen
          kolommen={['Cohort', getalKolom('Vestigingen'), getalKolom('Aandeel')]}
        >
          {rijen.map((c) => (
            <tr key={c.cohort}>
              <th scope="row">{c.titel}</th>
              <td className="getal">{getal(c.aantal)}</td>
              <td className="getal">{procent(c.aandeel)}</td>
            </tr>
          ))}
        </Tabel>
      }
    >
      <BarChart responsive style={{ width: '100%', height: 240 }} data={rijen} margin={{ top: 16, right: 8, bottom: 0, left: -16 }} accessibilityLayer>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="titel" interval={0} tick={{ fontSize: 11 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(v) => getal(Number(v))} />
        <Bar dataKey="aantal" name="Vestigingen" fill={PALET[0]} isAnimationActive={!stil}>
          <LabelList fill="#1b1f24" dataKey="aantal" position="top" fontSize={12} formatter={(v: unknown) => getal(Number(v))} />
        </Bar>
      </BarChart>
    </Figuur>
  );
}

function ConcentratieDeel({ c }: { c: Concentratie }) {
  const top = c.top ?? [];
  return (
    <>
      <dl className="kengetallen" data-testid="concentratie">
        <div>
          <dt>Aandeel top 5 hoofdholdings</dt>
          <dd>{procent(c.top5_pct)}</dd>
        </div>
        <div>
          <dt>Aandeel top 10 hoofdholdings</dt>
          <dd>{procent(c.top10_pct)}</dd>
        </div>
        <div>
          <dt>Herfindahl-Hirschman-index</dt>
          <dd>{getal(c.hhi)}</dd>
        </div>
        <div>
          <dt>Groepen (hoofdholdings en zelfstandigen)</dt>
          <dd>{getal(c.aantal_groepen)}</dd>
        </div>
      </dl>
      {top.length === 0 ? (
        <Leeg>Geen vestiging in het segment hoort bij een hoofdholding: het segment bestaat uit zelfstandigen.</Leeg>
      ) : (
        <Figuur
          titel="Aandeel in het segment per hoofdholding"
          testid="grafiek-concentratie"
          samenvatting={
            <>
              De {top.length} grootste hoofdholdings in het segment; {top[0].naam} heeft {procent(top[0].aandeel_pct)} ({getal(top[0].aantal_vestigingen)}{' '}
              vestigingen) van {getal(c.aantal_vestigingen)}.
            </>
          }
          tabel={
            <Tabel bijschrift="Grootste hoofdholdings in het segment" verborgen kolommen={['Hoofdholding', getalKolom('Vestigingen'), getalKolom('Aandeel')]}>
              {top.map((t) => (
                <tr key={t.hoofdholding_id}>
                  <th scope="row" className="naam-cel">
                    {t.naam}
                  </th>
                  <td className="getal">{getal(t.aantal_vestigingen)}</td>
                  <td className="getal">{procent(t.aandeel_pct)}</td>
                </tr>
              ))}
            </Tabel>
          }
        >
          <Staven
            data={top}
            naamSleutel="naam"
            reeksen={[{ sleutel: 'aandeel_pct', naam: 'Aandeel', kleur: PALET[0], label: { opmaak: procent } }]}
            hoogte={{ basis: 40, perRij: 30 }}
            rechts={48}
            opmaak={procent}
            asOpmaak={procent}
          />
        </Figuur>
      )}
    </>
  );
}

function SpreidingDeel({
  s,
  aantal,
  volgorde,
  zet,
}: {
  s: Spreiding;
  aantal: string;
  volgorde: string;
  zet: (w: Partial<Record<'gemeenten' | 'volgorde', string>>) => void;
}) {
  const alle = s.gemeenten ?? [];
  const bekend = alle.filter((g) => g.per_10000_huishoudens !== null);
  const opAantal = volgorde === 'aantal';
  const gesorteerd = opAantal
    ? [...bekend].sort((a, b) => b.aantal_vestigingen - a.aantal_vestigingen || (b.per_10000_huishoudens ?? 0) - (a.per_10000_huishoudens ?? 0) || a.gemeente_naam.localeCompare(b.gemeente_naam, 'nl'))
    : bekend;
  const n = aantal === 'alle' ? gesorteerd.length : Number(aantal) || 10;
  const getoond = gesorteerd.slice(0, n);
  const sleutel = opAantal ? 'aantal_vestigingen' : 'per_10000_huishoudens';
  return (
    <>
      <p className="toelichting" data-testid="spreiding-bron">
        {s.brontabel?.benadering && <span className="benadering">Benadering</span>}
        Huishoudens: {s.brontabel?.titel ?? 'onbekende tabel'}
        {s.brontabel?.tabel ? ` (${s.brontabel.tabel})` : ''}. {s.brontabel?.toelichting}
      </p>
      {s.dekking && (
        <p className="zacht">
          {getal(s.dekking.vestigingen_gekoppeld)} vestigingen aan een gemeente gekoppeld ({procent(s.dekking.aandeel_gekoppeld_pct)}),{' '}
          {getal(s.dekking.vestigingen_onbekend)} onbekend.
        </p>
      )}
      {bekend.length === 0 ? (
        <Leeg>Geen vestiging in het segment ligt in een gemeente van de huishoudenstabel: er is geen dichtheid te berekenen.</Leeg>
      ) : (
        <>
          <div className="grafiek-bediening">
            <label>
              Tonen
              <select value={aantal} onChange={(e) => zet({ gemeenten: e.target.value })}>
                {AANTALLEN.map(([w, t]) => (
                  <option key={w} value={w}>
                    {t}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Rangschikken op
              <select value={opAantal ? 'aantal' : 'dichtheid'} onChange={(e) => zet({ volgorde: e.target.value })}>
                <option value="dichtheid">Vestigingen per 10.000 huishoudens</option>
                <option value="aantal">Aantal vestigingen</option>
              </select>
            </label>
          </div>
          <Figuur
            titel={opAantal ? 'Vestigingen in het segment per gemeente' : 'Vestigingen in het segment per 10.000 huishoudens'}
            testid="grafiek-spreiding"
            samenvatting={
              <>
                {getoond.length} van {bekend.length} gemeenten, {opAantal ? 'meeste vestigingen' : 'hoogste dichtheid'} eerst; {gesorteerd[0].gemeente_naam}:{' '}
                {getal(gesorteerd[0].per_10000_huishoudens)} per 10.000 huishoudens ({getal(gesorteerd[0].aantal_vestigingen)} vestigingen op{' '}
                {getal(gesorteerd[0].huishoudens)} huishoudens).
              </>
            }
            tabelLabel="Toon alle gemeenten als tabel"
            tabel={
              <Tabel
                testid="tabel-spreiding"
                bijschrift="Spreiding per gemeente (huishoudens: benadering)"
                verborgen
                kolommen={['Gemeente', getalKolom('Vestigingen'), getalKolom('Huishoudens (benadering)'), getalKolom('Per 10.000 huishoudens')]}
              >
                {[...gesorteerd, ...alle.filter((g) => g.per_10000_huishoudens === null)].map((g) => (
                  <tr key={g.gemeente_naam}>
                    <th scope="row">{g.gemeente_naam}</th>
                    <td className="getal">{getal(g.aantal_vestigingen)}</td>
                    <td className="getal">{getal(g.huishoudens)}</td>
                    <td className="getal">{getal(g.per_10000_huishoudens)}</td>
                  </tr>
                ))}
              </Tabel>
            }
          >
            <Staven
              data={getoond}
              naamSleutel="gemeente_naam"
              reeksen={[{ sleutel, naam: opAantal ? 'Vestigingen' : 'Per 10.000 huishoudens', kleur: PALET[2], label: { grootte: 11 } }]}
              hoogte={{ basis: 40, perRij: 26 }}
              rechts={44}
              naamAs={{ breed: 160, smal: 110, tekens: 24, tekensSmal: 15 }}
              asOpmaak={getal}
            />
          </Figuur>
        </>
      )}
    </>
  );
}
