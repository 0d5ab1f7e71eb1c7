'use client';
// The consolidation radar (GET /radar, with /versies for the months; the answer carries the *_12m key-figure
// series too, so the view asks one request per range): market movement per month over a range chosen here (kept in the URL as van/tot), the rolling
// 12-month totals per version, the consolidators (vestigingen gained) and the target signals (a points
// score), each as a chart with its figures as a table. The dashboard's as-of date caps the range.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { Consolidator, Doelwit, Radar as RadarUitkomst } from '@/lib/monitor/metrics/radar';
import type { KengetalNaam } from '@/lib/monitor/metrics/kengetallen';
import type { Dekking } from '@/lib/services/distributiemonitor/markt';
import { Bronregel } from '../bronregel';
import { heeftEigenNaam, holdingNaam } from '../holdings/wijzigingen';
import { useMinderBeweging } from '../grafieken/beweging';
import { BEWEGING_KLEUR, Figuur, inVolgorde, legendaTekst, PALET } from '../grafieken/figuur';
import { Staven } from '../grafieken/staven';
import { getal } from '../opmaak';
import { getalKolom, Tabel } from '../tabel';
import { Fout, Laden, Leeg, Resultaat } from '../toestand';
import { useMonitor } from '../use-monitor';
import { usePeildatum, useUrlStaat } from '../use-url-staat';
import {
  kiesBereik,
  maandKort,
  maandLang,
  radarPeildata,
  RADAR_VENSTER,
  vanVoorPreset,
  versieMaanden,
  versiesTot,
  voegBewegingSamen,
  type BewegingMaand,
  type Bereik,
  type Maand,
  type VersieKort,
} from './bereik';

/** GET /radar: the metric's answer (lib/monitor/metrics/radar.ts) with the answer's dekking. */
export type RadarAntwoord = RadarUitkomst & {
  /** The rolling 12-month key figures per version up to the answer's (the same as their /metrieken series). */
  voortschrijdend: ({ versie_id: number; peildatum: string } & Partial<Record<KengetalNaam, number | null>>)[];
  dekking: Dekking;
};

interface VersiesAntwoord {
  versies: VersieKort[];
  historie_vanaf: string | null;
}

/** Each kind of movement with its rolling 12-month key figure (a naam of lib/monitor/metrics/kengetallen.ts). */
export const BEWEGINGEN: { sleutel: keyof typeof BEWEGING_KLEUR; veld: Exclude<keyof BewegingMaand, 'maand'>; titel: string; metriek: KengetalNaam }[] = [
  { sleutel: 'nieuw', veld: 'aantal_nieuw', titel: 'Nieuw', metriek: 'nieuw_12m' },
  { sleutel: 'beeindigd', veld: 'aantal_beeindigd', titel: 'Beëindigd', metriek: 'beeindigd_12m' },
  { sleutel: 'overgenomen', veld: 'aantal_overgenomen', titel: 'Overgenomen', metriek: 'overnames_12m' },
  { sleutel: 'verhuisd', veld: 'aantal_verhuisd', titel: 'Verhuisd', metriek: 'verhuisd_12m' },
];

export const SIGNAAL_TITELS: Record<string, string> = {
  vergunning_15_jaar_of_ouder: 'Vergunning 15 jaar of ouder',
  smalle_productbreedte: 'Smalle productbreedte',
  enige_vestiging: 'Enige vestiging',
  consolidatieregio: 'Consolidatieregio',
  hypotheekvergunning: 'Hypotheekvergunning',
};
const signaalTitel = (s: string) => SIGNAAL_TITELS[s] ?? s.replace(/_/g, ' ');
/** A signal keeps its colour whichever signals an answer has. */
const signaalKleur = (s: string, i: number) => {
  const vast = Object.keys(SIGNAAL_TITELS).indexOf(s);
  return PALET[(vast >= 0 ? vast : Object.keys(SIGNAAL_TITELS).length + i) % PALET.length];
};

const PRESETS: { n: number | null; titel: string }[] = [
  { n: 6, titel: '6 maanden' },
  { n: RADAR_VENSTER, titel: '12 maanden' },
  { n: null, titel: 'Alles' },
];

export function Radar() {
  const peildatum = usePeildatum();
  const [staat, zet] = useUrlStaat({ van: '', tot: '' });
  const versies = useMonitor<VersiesAntwoord>('/versies');
  const alle = versies.data?.data.versies ?? [];
  const beschikbaar = versieMaanden(versiesTot(alle, peildatum || undefined));
  const bereik = kiesBereik(beschikbaar, staat.van, staat.tot);
  // Without a month to show (an as-of date before every version the caller may see) the radar is still
  // asked with that date, so the API's own answer (400, or 403 beyond the free preview's year) is shown.
  const peildata = versies.data ? (bereik ? radarPeildata(alle, bereik, peildatum) : [peildatum || undefined]) : [];
  const radar = useMonitor<RadarAntwoord>('/radar', { peildatum: peildata[0] }, { enabled: versies.data !== undefined });

  if (versies.isError && !versies.data) return <Fout fout={versies.error} opnieuw={() => void versies.refetch()} context="Radar" />;
  return (
    <div className="dash-stapel" data-testid="radar">
      <section aria-labelledby="kop-radar">
        <h2 id="kop-radar">Consolidatieradar</h2>
        <p className="zacht">
          Wie koopt (consolidatoren), wie kan worden gekocht (doelwitten) en hoe de markt beweegt: nieuwe, beëindigde, overgenomen en verhuisde
          vestigingen per maand.
        </p>
        {bereik ? <BereikKeuze bereik={bereik} beschikbaar={beschikbaar} zet={zet} /> : versies.data ? null : <Laden regels={2} label="Maanden laden…" />}
      </section>

      <Resultaat query={radar} laden={<Laden hoogte="22rem" label="Radar laden…" />} context="Radar">
        {(r, env) => (
          <>
            <section aria-labelledby="kop-beweging" className="paneel">
              <h2 id="kop-beweging">Marktbeweging</h2>
              {bereik ? (
                <BewegingKeten peildata={peildata.slice(1)} verzameld={[r.marktbeweging]} bereik={bereik} />
              ) : (
                <Leeg>Er is geen datasetversie op of vóór de gekozen peildatum om beweging over te tonen.</Leeg>
              )}
            </section>
            {bereik && <Voortschrijdend bereik={bereik} reeks={r.voortschrijdend} />}
            <div className="dash-twee">
              <section aria-labelledby="kop-consolidatoren" className="paneel">
                <h2 id="kop-consolidatoren">Consolidatoren</h2>
                <Consolidatoren lijst={r.consolidatoren} periode={r.periode} />
              </section>
              <section aria-labelledby="kop-doelwitten" className="paneel">
                <h2 id="kop-doelwitten">Signalering van overnamedoelen</h2>
                <Doelwitten lijst={r.doelwitten} />
              </section>
            </div>
            <Bronregel bronnen={env.bronnen} />
          </>
        )}
      </Resultaat>
    </div>
  );
}

function BereikKeuze({ bereik, beschikbaar, zet }: { bereik: Bereik; beschikbaar: Maand[]; zet: (w: Partial<Record<'van' | 'tot', string>>) => void }) {
  const nieuwste = beschikbaar[beschikbaar.length - 1];
  return (
    <>
      <fieldset className="grafiek-bediening" data-testid="bereik">
        <legend>Periode</legend>
        <div className="presets" role="group" aria-label="Snelkeuze periode">
          {PRESETS.map((p) => {
            const van = vanVoorPreset(beschikbaar, bereik.tot, p.n);
            return (
              <button
                key={p.titel}
                type="button"
                className="knop knop--rand knop--klein"
                aria-pressed={bereik.van === van}
                onClick={() => zet({ van: p.n === RADAR_VENSTER ? '' : van })}
              >
                {p.titel}
              </button>
            );
          })}
        </div>
        <label>
          Van
          <select value={bereik.van} onChange={(e) => zet({ van: e.target.value })}>
            {beschikbaar
              .filter((m) => m <= bereik.tot)
              .map((m) => (
                <option key={m} value={m}>
                  {maandKort(m)}
                </option>
              ))}
          </select>
        </label>
        <label>
          Tot en met
          <select value={bereik.tot} onChange={(e) => zet({ tot: e.target.value === nieuwste ? '' : e.target.value })}>
            {[...beschikbaar].reverse().map((m) => (
              <option key={m} value={m}>
                {maandKort(m)}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <p className="bereik-tekst" data-testid="bereik-tekst" aria-live="polite">
        {maandLang(bereik.van)} tot en met {maandLang(bereik.tot)} ({bereik.maanden.length} {bereik.maanden.length === 1 ? 'maand' : 'maanden'})
      </p>
    </>
  );
}

/**
 * The movement of the range from one or more radar answers: each link asks the next older answer (one
 * useMonitor per link, so any number of answers keeps the rules of hooks), the last one draws the chart.
 */
function BewegingKeten({ peildata, verzameld, bereik }: { peildata: (string | undefined)[]; verzameld: BewegingMaand[][]; bereik: Bereik }) {
  if (peildata.length === 0) return <BewegingGrafiek maanden={voegBewegingSamen(verzameld, bereik)} bereik={bereik} />;
  return <BewegingSchakel peildata={peildata} verzameld={verzameld} bereik={bereik} />;
}

function BewegingSchakel({ peildata, verzameld, bereik }: { peildata: (string | undefined)[]; verzameld: BewegingMaand[][]; bereik: Bereik }) {
  const q = useMonitor<RadarAntwoord>('/radar', { peildatum: peildata[0] });
  if (q.isError && !q.data) {
    // The older months are refused (e.g. beyond the free preview's year): say so, and show the months there are.
    return (
      <>
        <Fout fout={q.error} opnieuw={() => void q.refetch()} context={`Maanden tot ${peildata[0]}`} />
        <BewegingGrafiek maanden={voegBewegingSamen(verzameld, bereik)} bereik={bereik} />
      </>
    );
  }
  if (!q.data) return <Laden hoogte="18rem" label="Oudere maanden laden…" />;
  return <BewegingKeten peildata={peildata.slice(1)} verzameld={[...verzameld, q.data.data.marktbeweging]} bereik={bereik} />;
}

function BewegingGrafiek({ maanden, bereik }: { maanden: BewegingMaand[]; bereik: Bereik }) {
  const stil = useMinderBeweging();
  const totaal = (k: Exclude<keyof BewegingMaand, 'maand'>) => maanden.reduce((s, m) => s + m[k], 0);
  const som = BEWEGINGEN.reduce((s, b) => s + totaal(b.veld), 0);
  const ontbreekt = bereik.maanden.filter((m) => !maanden.some((x) => x.maand === m));
  return (
    <Figuur
      titel="Vestigingen per maand naar soort wijziging"
      testid="grafiek-beweging"
      samenvatting={
        <>
          {maandLang(bereik.van)} tot en met {maandLang(bereik.tot)}:{' '}
          {BEWEGINGEN.map((b) => `${getal(totaal(b.veld))} ${b.titel.toLowerCase()}`).join(', ')}. De nulmeting (eerste versie) telt niet als beweging
          {ontbreekt.length ? `; zonder antwoord voor ${ontbreekt.map(maandKort).join(', ')}` : ''}.
        </>
      }
      tabel={
        <Tabel testid="tabel-beweging" bijschrift="Marktbeweging per maand" verborgen kolommen={['Maand', ...BEWEGINGEN.map((b) => getalKolom(b.titel))]}>
          {maanden.map((m) => (
            <tr key={m.maand} data-maand={m.maand}>
              <th scope="row">{maandKort(m.maand)}</th>
              {BEWEGINGEN.map((b) => (
                <td key={b.sleutel} className="getal" data-soort={b.sleutel}>
                  {getal(m[b.veld])}
                </td>
              ))}
            </tr>
          ))}
        </Tabel>
      }
    >
      {som === 0 && <Leeg>Geen beweging in deze periode: de gekozen maanden hebben geen nieuwe, beëindigde, overgenomen of verhuisde vestigingen.</Leeg>}
      <BarChart responsive style={{ width: '100%', height: 320 }} data={maanden} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="maand" tickFormatter={maandKort} tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
        <Tooltip labelFormatter={(m) => maandLang(String(m))} formatter={(v) => getal(Number(v))} />
        <Legend wrapperStyle={{ fontSize: 13 }} formatter={legendaTekst} itemSorter={inVolgorde(BEWEGINGEN.map((b) => b.sleutel))} />
        {BEWEGINGEN.map((b) => (
          <Bar key={b.sleutel} dataKey={b.veld} name={b.titel} stackId="beweging" fill={BEWEGING_KLEUR[b.sleutel]} isAnimationActive={!stil} />
        ))}
      </BarChart>
    </Figuur>
  );
}

/**
 * The rolling 12-month totals (key figures *_12m) per version in the range: the trend behind the months. From
 * the radar's own answer (its voortschrijdend: the same values as the metrics view's series).
 */
function Voortschrijdend({ bereik, reeks }: { bereik: Bereik; reeks: RadarAntwoord['voortschrijdend'] }) {
  const stil = useMinderBeweging();
  const rijen = reeks
    .filter((p) => p.peildatum.slice(0, 7) >= bereik.van && p.peildatum.slice(0, 7) <= bereik.tot)
    .map((p) => ({ versie_id: p.versie_id, peildatum: p.peildatum, ...Object.fromEntries(BEWEGINGEN.map((b) => [b.sleutel, p[b.metriek] ?? null])) }) as Record<string, number | string | null>)
    .sort((a, b) => String(a.peildatum).localeCompare(String(b.peildatum)));
  const laatste = rijen[rijen.length - 1];
  return (
    <section aria-labelledby="kop-voortschrijdend" className="paneel">
      <h2 id="kop-voortschrijdend">Voortschrijdend 12-maandstotaal</h2>
      {rijen.length === 0 ? (
        <Leeg>Geen datasetversie in deze periode: de kengetallen hebben per versie één waarde.</Leeg>
      ) : (
        <Figuur
          titel="Nieuw, beëindigd, overgenomen en verhuisd in de 12 maanden tot elke versie"
          testid="grafiek-voortschrijdend"
          samenvatting={
            <>
              Kengetallen per datasetversie ({rijen.length} in de periode). In de laatste ({String(laatste.peildatum)}):{' '}
              {BEWEGINGEN.map((b) => `${getal(laatste[b.sleutel] as number | null)} ${b.titel.toLowerCase()}`).join(', ')}.
            </>
          }
          tabel={
            <Tabel
              bijschrift="Voortschrijdend 12-maandstotaal per versie"
              verborgen
              kolommen={['Versie', 'Peildatum', ...BEWEGINGEN.map((b) => getalKolom(b.titel))]}
            >
              {rijen.map((r) => (
                <tr key={String(r.versie_id)}>
                  <td>{String(r.versie_id)}</td>
                  <td>{String(r.peildatum)}</td>
                  {BEWEGINGEN.map((b) => (
                    <td key={b.sleutel} className="getal">
                      {getal(r[b.sleutel] as number | null)}
                    </td>
                  ))}
                </tr>
              ))}
            </Tabel>
          }
        >
          <LineChart responsive style={{ width: '100%', height: 260 }} data={rijen} margin={{ top: 8, right: 12, bottom: 0, left: -16 }} accessibilityLayer>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="peildatum" tickFormatter={(d) => maandKort(String(d).slice(0, 7))} tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip labelFormatter={(d) => `Versie met peildatum ${String(d)}`} formatter={(v) => getal(Number(v))} />
            <Legend wrapperStyle={{ fontSize: 13 }} formatter={legendaTekst} itemSorter={inVolgorde(BEWEGINGEN.map((b) => b.sleutel))} />
            {BEWEGINGEN.map((b) => (
              <Line key={b.sleutel} dataKey={b.sleutel} name={b.titel} stroke={BEWEGING_KLEUR[b.sleutel]} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={!stil} />
            ))}
          </LineChart>
        </Figuur>
      )}
    </section>
  );
}

/** The radar's names get a little more room than the other charts'. */
const NAAM_AS_RADAR = { breed: 180, smal: 120, tekens: 26, tekensSmal: 16 };

function Consolidatoren({ lijst, periode }: { lijst: Consolidator[]; periode: RadarAntwoord['periode'] }) {
  if (lijst.length === 0) {
    return <Leeg>Geen hoofdholding won vestigingen (wijzigingen ‘overgenomen’) in de 12 maanden van {periode.begindatum} tot {periode.einddatum}.</Leeg>;
  }
  // Named as the holdings view names them: a hoofdholding without a GLEIF name is not shown by its LEI.
  const benoemd = lijst.map((c) => ({ ...c, naam: holdingNaam(c.naam, c.hoofdholding_id), zonderNaam: !heeftEigenNaam(c.naam, c.hoofdholding_id) }));
  const top = benoemd[0];
  return (
    <Figuur
      titel={`Vestigingen gewonnen en verloren in de ${periode.maanden} maanden tot ${periode.einddatum}`}
      testid="grafiek-consolidatoren"
      samenvatting={
        <>
          {lijst.length} hoofdholdings wonnen vestigingen in de {periode.maanden} maanden tot de peildatum van de radar; {top.naam} het meest (
          {getal(top.gewonnen)} gewonnen, netto {getal(top.netto)}). De radar telt dit venster altijd tot zijn peildatum.
        </>
      }
      tabel={
        <Tabel
          testid="tabel-consolidatoren"
          bijschrift="Consolidatoren"
          verborgen
          kolommen={['Hoofdholding', getalKolom('Gewonnen'), getalKolom('Verloren'), getalKolom('Netto'), getalKolom('Vestigingen nu (actief)'), getalKolom('Rang')]}
        >
          {benoemd.map((c) => (
            <tr key={c.hoofdholding_id} data-id={c.hoofdholding_id}>
              <th scope="row" className="naam-cel" title={`LEI ${c.hoofdholding_id}`}>
                <span data-veld="naam">{c.naam}</span>
                {c.zonderNaam && <small className="zacht"> {c.hoofdholding_id}</small>}
              </th>
              <td className="getal" data-veld="gewonnen">
                {getal(c.gewonnen)}
              </td>
              <td className="getal" data-veld="verloren">
                {getal(c.verloren)}
              </td>
              <td className="getal">{getal(c.netto)}</td>
              <td className="getal">{getal(c.vestigingen_nu)}</td>
              <td className="getal">{c.sector_rang ?? '–'}</td>
            </tr>
          ))}
        </Tabel>
      }
    >
      <Staven
        data={benoemd}
        naamSleutel="naam"
        reeksen={[
          { sleutel: 'gewonnen', naam: 'Gewonnen', kleur: PALET[0], label: true },
          { sleutel: 'verloren', naam: 'Verloren', kleur: PALET[4] },
        ]}
        hoogte={{ basis: 48, perRij: 34 }}
        rechts={28}
        naamAs={NAAM_AS_RADAR}
        heleGetallen
        legenda
      />
    </Figuur>
  );
}

function Doelwitten({ lijst }: { lijst: Doelwit[] }) {
  if (lijst.length === 0) {
    return <Leeg>Geen zelfstandige actieve vestiging heeft een overnamesignaal (alle vestigingen hebben score 0 of horen bij een hoofdholding).</Leeg>;
  }
  const signalen = [...new Set([...Object.keys(SIGNAAL_TITELS), ...lijst.flatMap((d) => d.signalen.map((s) => s.signaal))])].filter((s) =>
    lijst.some((d) => d.signalen.some((x) => x.signaal === s)),
  );
  const rijen = lijst.map((d) => ({
    id: d.vestiging_id,
    label: d.plaats ? `${d.naam} (${d.plaats})` : d.naam,
    score: d.score,
    ...Object.fromEntries(d.signalen.map((s) => [s.signaal, s.punten])),
  }));
  const vaakst = signalen.map((s) => ({ s, n: lijst.filter((d) => d.signalen.some((x) => x.signaal === s)).length })).sort((a, b) => b.n - a.n)[0];
  return (
    <Figuur
      titel="Puntenscore per doelwit, naar signaal"
      testid="grafiek-doelwitten"
      samenvatting={
        <>
          De {lijst.length} zelfstandige vestigingen met de hoogste score (hoogste {getal(lijst[0].score)} punten). Vaakst: {signaalTitel(vaakst.s).toLowerCase()} (
          {vaakst.n} van {lijst.length}). Het puntenmodel staat op /methodiek.
        </>
      }
      tabel={
        <Tabel
          testid="tabel-doelwitten"
          bijschrift="Doelwitten met hun signalen"
          verborgen
          kolommen={['Vestiging', 'Plaats', getalKolom('Score'), 'Signalen (punten)']}
        >
          {lijst.map((d) => (
            <tr key={d.vestiging_id} data-id={d.vestiging_id}>
              <th scope="row" className="naam-cel">
                {d.naam}
              </th>
              <td>{d.plaats ?? '–'}</td>
              <td className="getal" data-veld="score">
                {getal(d.score)}
              </td>
              <td>{d.signalen.map((s) => `${signaalTitel(s.signaal)} (${s.punten})`).join(', ')}</td>
            </tr>
          ))}
        </Tabel>
      }
    >
      <Staven
        data={rijen}
        naamSleutel="label"
        reeksen={signalen.map((s, i) => ({ sleutel: s, naam: signaalTitel(s), kleur: signaalKleur(s, i) }))}
        stapel="score"
        hoogte={{ basis: 84, perRij: 30 }}
        rechts={28}
        naamAs={NAAM_AS_RADAR}
        heleGetallen
        opmaak={(v) => `${getal(v)} punten`}
        legenda
      />
    </Figuur>
  );
}
