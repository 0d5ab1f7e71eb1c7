'use client';
// The consolidation model (GET /kansmodel): the top 20 scores (0–100, a ranking, not a calibrated probability:
// the API's `kans` × 100) with their direction, what each
// factor contributed (a diverging stacked bar per entity: weights push to the right, raise the score, or to
// the left), the public weights, and all of it as a table. Choices (direction filter, chart or table) in the URL.
import { KANS_DREMPEL_KANDIDAAT } from '@/lib/monitor/metrics/kansmodel';
import type { Dekking } from '@/lib/services/distributiemonitor/markt';
import { Bronregel } from '../bronregel';
import './kansmodel.css';
import { Figuur } from '../grafieken/figuur';
import { categorieStijl, OVERIG, PALET, RICHTING_KLEUR } from '../kleuren';
import { Staven } from '../grafieken/staven';
import { getal } from '../opmaak';
import { getalKolom, Tabel } from '../tabel';
import { Laden, Leeg, Resultaat } from '../toestand';
import { useMonitor } from '../use-monitor';
import { usePeildatum, useUrlStaat } from '../use-url-staat';

type Richting = 'overname_kandidaat' | 'zelf_consolidierend' | 'monitoring';

interface KansRegel {
  entiteit_type: 'organisatie' | 'hoofdholding';
  entiteit_id: string;
  naam: string;
  kans: number;
  richting: Richting;
  bijdragen: { factor: string; waarde: number; bijdrage: number }[];
}

export interface KansmodelAntwoord {
  gewichten: Record<string, unknown>[];
  intercept: number;
  top: KansRegel[];
  dekking: Dekking;
}

/** The model's output as a score 0–100 (one decimal): a ranking, so no percent sign that reads as a probability. */
export const scoreTekst = (k: number) => getal(Math.round(k * 1000) / 10);

export const RICHTINGEN: { richting: Richting; titel: string; kleur: string; uitleg: string }[] = [
  { richting: 'overname_kandidaat', titel: 'Overnamekandidaat', kleur: RICHTING_KLEUR.overname_kandidaat, uitleg: `zelfstandig en score ten minste ${scoreTekst(KANS_DREMPEL_KANDIDAAT)}` },
  { richting: 'zelf_consolidierend', titel: 'Zelf consoliderend', kleur: RICHTING_KLEUR.zelf_consolidierend, uitleg: 'won zelf vestigingen in 12 maanden' },
  { richting: 'monitoring', titel: 'Monitoring', kleur: RICHTING_KLEUR.monitoring, uitleg: 'geen van beide' },
];
const richtingVan = (r: string) => RICHTINGEN.find((x) => x.richting === r);

const FACTOR_TITELS: Record<string, string> = {
  vergunningsleeftijd: 'Vergunningsleeftijd',
  productbreedte: 'Productbreedte',
  organisatie_omvang: 'Organisatieomvang',
  regionale_consolidatiedruk: 'Regionale consolidatiedruk',
  recente_overnames: 'Recente overnames',
  hypotheeksegment: 'Hypotheeksegment',
};
export const factorTitel = (f: string) => FACTOR_TITELS[f] ?? f.charAt(0).toUpperCase() + f.slice(1).replace(/_/g, ' ');
/** Where the long compound words of the factor titles may break in the table's narrow headers (soft hyphens:
 * Chromium has no Dutch hyphenation dictionary, so `hyphens: auto` alone leaves the table too wide at 1440 px). */
const AFBREKEN: Record<string, string> = {
  Vergunningsleeftijd: 'Vergunnings\u00adleeftijd',
  Productbreedte: 'Product\u00adbreedte',
  Organisatieomvang: 'Organisatie\u00adomvang',
  consolidatiedruk: 'consolidatie\u00addruk',
  overnames: 'over\u00adnames',
  Hypotheeksegment: 'Hypotheek\u00adsegment',
};
const factorKop = (f: string) => factorTitel(f).replace(/\p{L}+/gu, (w) => AFBREKEN[w] ?? w);

interface Gewicht {
  naam: string;
  gewicht: number;
  uitleg: string;
  schaalformule: string;
}

/** The weights as the answer gives them (a list of objects; the schema leaves their fields open). */
function leesGewichten(g: Record<string, unknown>[]): Gewicht[] {
  return g.map((x) => ({ naam: String(x.naam ?? ''), gewicht: Number(x.gewicht ?? 0), uitleg: String(x.uitleg ?? ''), schaalformule: String(x.schaalformule ?? '') }));
}


export function Kansmodel() {
  const peildatum = usePeildatum();
  const [staat, zet] = useUrlStaat({ richting: '', weergave: 'grafiek' });
  const q = useMonitor<KansmodelAntwoord>('/kansmodel', { peildatum: peildatum || undefined });
  return (
    <Resultaat query={q} laden={<Laden hoogte="30rem" label="Kansmodel laden…" />} context="Kansmodel">
      {(k, env) => {
        const gewichten = leesGewichten(k.gewichten);
        const factoren = gewichten.length ? gewichten.map((g) => g.naam) : [...new Set(k.top.flatMap((r) => r.bijdragen.map((b) => b.factor)))];
        const gekozen = richtingVan(staat.richting);
        const lijst = gekozen ? k.top.filter((r) => r.richting === gekozen.richting) : k.top;
        return (
          <div className="dash-stapel" data-testid="kansmodel">
            <section aria-labelledby="kop-kansmodel">
              <h2 id="kop-kansmodel">Consolidatiescore (0–100)</h2>
              <p className="zacht">
                De {k.top.length} organisaties en hoofdholdings met de hoogste consolidatiescore volgens een transparant logistisch model: score = 100 /
                (1 + e<sup>−(intercept + Σ gewicht × factor)</sup>), intercept {getal(k.intercept)}, elke factor geschaald naar 0–1. De gewichten zijn
                vastgesteld, niet geschat.
              </p>
              <p className="kansmodel-let-op" data-testid="score-uitleg">
                <strong>Een score, geen kans.</strong> De score zet entiteiten in een rangorde: hoger betekent meer kenmerken die bij consolidatie
                horen. Het is geen gekalibreerde kans; een score van 70 betekent niet dat 70% van zulke entiteiten wordt overgenomen.
              </p>
              <div className="grafiek-bediening">
                <label>
                  Richting
                  <select value={gekozen?.richting ?? ''} onChange={(e) => zet({ richting: e.target.value })}>
                    <option value="">Alle richtingen ({k.top.length})</option>
                    {RICHTINGEN.map((r) => (
                      <option key={r.richting} value={r.richting}>
                        {r.titel} ({k.top.filter((x) => x.richting === r.richting).length})
                      </option>
                    ))}
                  </select>
                </label>
                <div className="presets" role="group" aria-label="Weergave">
                  {[
                    ['grafiek', 'Grafiek'],
                    ['tabel', 'Tabel'],
                  ].map(([w, titel]) => (
                    <button key={w} type="button" className="knop knop--rand knop--klein" aria-pressed={staat.weergave === w} onClick={() => zet({ weergave: w })}>
                      {titel}
                    </button>
                  ))}
                </div>
              </div>
              <ul className="legenda" aria-label="Richtingen">
                {RICHTINGEN.map((r) => (
                  <li key={r.richting}>
                    <span className="legenda__blok" style={{ background: r.kleur }} aria-hidden="true" />
                    {r.titel}: {r.uitleg}
                  </li>
                ))}
              </ul>
            </section>

            {lijst.length === 0 ? (
              <Leeg>
                {k.top.length === 0
                  ? 'Het model heeft geen entiteiten om te scoren: er zijn geen actieve vestigingen in deze versie.'
                  : `Geen van de ${k.top.length} hoogste scores heeft de richting ‘${gekozen?.titel}’ (${gekozen?.uitleg}). Kies een andere richting.`}
              </Leeg>
            ) : staat.weergave === 'tabel' ? (
              <section aria-labelledby="kop-kanstabel" className="paneel">
                <h2 id="kop-kanstabel">Scores en bijdragen</h2>
                <KansTabel lijst={lijst} factoren={factoren} />
              </section>
            ) : (
              <div className="dash-twee">
                <section aria-labelledby="kop-kans" className="paneel">
                  <h2 id="kop-kans">Score per entiteit</h2>
                  <KansGrafiek lijst={lijst} />
                </section>
                <section aria-labelledby="kop-bijdragen" className="paneel">
                  <h2 id="kop-bijdragen">Bijdrage per factor</h2>
                  <BijdrageGrafiek lijst={lijst} factoren={factoren} intercept={k.intercept} />
                </section>
              </div>
            )}

            <section aria-labelledby="kop-gewichten" className="paneel">
              <h2 id="kop-gewichten">Publieke factorgewichten</h2>
              <Gewichten gewichten={gewichten} intercept={k.intercept} />
            </section>
            <Bronregel bronnen={env.bronnen} />
          </div>
        );
      }}
    </Resultaat>
  );
}

function KansGrafiek({ lijst }: { lijst: KansRegel[] }) {
  const boven = lijst.filter((r) => r.kans >= KANS_DREMPEL_KANDIDAAT).length;
  return (
    <Figuur
      titel="Consolidatiescore (0–100), hoogste eerst"
      testid="grafiek-kans"
      samenvatting={
        <>
          {lijst.length} entiteiten, score van {scoreTekst(lijst[lijst.length - 1].kans)} tot {scoreTekst(lijst[0].kans)}; {boven} op of boven de drempel van{' '}
          {scoreTekst(KANS_DREMPEL_KANDIDAAT)}. Een rangorde, geen kans. De kleur is de richting.
        </>
      }
    >
      <Staven
        data={lijst}
        naamSleutel="naam"
        reeksen={[{ sleutel: 'kans', naam: 'Score', kleur: (r) => richtingVan(r.richting)?.kleur ?? OVERIG, label: { opmaak: scoreTekst, grootte: 11 } }]}
        hoogte={{ basis: 40, perRij: 30 }}
        rechts={44}
        opmaak={scoreTekst}
        asOpmaak={scoreTekst}
        domein={[0, 1]}
        lijnen={[{ x: KANS_DREMPEL_KANDIDAAT, gestippeld: true }]}
      />
    </Figuur>
  );
}

function BijdrageGrafiek({ lijst, factoren, intercept }: { lijst: KansRegel[]; factoren: string[]; intercept: number }) {
  const rijen = lijst.map((r) => ({ naam: r.naam, ...Object.fromEntries(r.bijdragen.map((b) => [b.factor, b.bijdrage])) }));
  // Round ticks (every half or whole point) around the largest stacks on either side of 0.
  const laag = Math.min(0, ...lijst.map((r) => r.bijdragen.reduce((s, b) => s + Math.min(0, b.bijdrage), 0)));
  const hoog = Math.max(0, ...lijst.map((r) => r.bijdragen.reduce((s, b) => s + Math.max(0, b.bijdrage), 0)));
  const stap = hoog - laag > 4 ? 1 : 0.5;
  const [van, tot] = [Math.floor(laag / stap) * stap, Math.ceil(hoog / stap) * stap];
  const ticks = Array.from({ length: Math.round((tot - van) / stap) + 1 }, (_, i) => van + i * stap);
  // Which factor moves the top scores most (sum of the absolute contributions).
  const zwaarst = factoren
    .map((f) => ({ f, s: lijst.reduce((t, r) => t + Math.abs(r.bijdragen.find((b) => b.factor === f)?.bijdrage ?? 0), 0) }))
    .sort((a, b) => b.s - a.s)[0];
  return (
    <Figuur
      titel="Gewicht × factor per entiteit"
      testid="grafiek-bijdragen"
      samenvatting={
        <>
          Elk segment is één factor: rechts van 0 verhoogt hij de score, links verlaagt hij haar; samen met het intercept ({getal(intercept)}) geven ze
          de score. Het zwaarst weegt {factorTitel(zwaarst?.f ?? '').toLowerCase()}.
        </>
      }
    >
      <Staven
        data={rijen}
        naamSleutel="naam"
        reeksen={factoren.map((f, i) => ({ sleutel: f, naam: factorTitel(f), kleur: PALET[i % PALET.length] }))}
        stapel="bijdrage"
        tekenStapel
        hoogte={{ basis: 76, perRij: 30 }}
        rechts={12}
        asOpmaak={getal}
        domein={[van, tot]}
        ticks={ticks}
        lijnen={[{ x: 0 }]}
        legenda
      />
    </Figuur>
  );
}

function KansTabel({ lijst, factoren }: { lijst: KansRegel[]; factoren: string[] }) {
  return (
    <div className="tabel-houder kans-tabel" data-testid="kans-tabel-houder">
      <Tabel
        testid="tabel-kansen"
        bijschrift="Consolidatiescores (0–100) met richting en bijdrage per factor"
        verborgen
        kolommen={['#', 'Naam', 'Soort', getalKolom('Score'), 'Richting', ...factoren.map((f) => getalKolom(factorKop(f)))]}
      >
        {lijst.map((r, i) => (
          <tr key={`${r.entiteit_type}-${r.entiteit_id}`} data-id={r.entiteit_id}>
            <td>{i + 1}</td>
            <th scope="row" className="naam-cel">
              {r.naam}
            </th>
            <td>{r.entiteit_type === 'hoofdholding' ? 'Hoofdholding' : 'Organisatie'}</td>
            <td className="getal" data-veld="kans">
              {scoreTekst(r.kans)}
            </td>
            <td>
              <span className="richting" style={categorieStijl(richtingVan(r.richting)?.kleur ?? OVERIG)}>{richtingVan(r.richting)?.titel ?? r.richting}</span>
            </td>
            {factoren.map((f) => {
              const b = r.bijdragen.find((x) => x.factor === f);
              return (
                <td key={f} className="getal" title={b ? `factor ${getal(b.waarde)} × gewicht` : undefined}>
                  {b ? getal(b.bijdrage) : '–'}
                </td>
              );
            })}
          </tr>
        ))}
      </Tabel>
    </div>
  );
}

function Gewichten({ gewichten, intercept }: { gewichten: Gewicht[]; intercept: number }) {
  if (gewichten.length === 0) return <Leeg>Het antwoord noemt geen gewichten.</Leeg>;
  return (
    <Figuur
      titel="Gewicht per factor"
      testid="grafiek-gewichten"
      samenvatting={
        <>
          {gewichten.filter((g) => g.gewicht > 0).length} factoren verhogen de score, {gewichten.filter((g) => g.gewicht < 0).length} verlagen haar;
          intercept {getal(intercept)}. Formules en schaal ook op /methodiek.
        </>
      }
      tabelLabel="Toon gewichten, uitleg en schaal"
      tabel={
        <Tabel testid="tabel-gewichten" bijschrift="Factorgewichten" verborgen kolommen={['Factor', getalKolom('Gewicht'), 'Waarom', 'Schaal']}>
          {gewichten.map((g) => (
            <tr key={g.naam}>
              <th scope="row">{factorTitel(g.naam)}</th>
              <td className="getal">{getal(g.gewicht)}</td>
              <td>{g.uitleg}</td>
              <td>{g.schaalformule}</td>
            </tr>
          ))}
        </Tabel>
      }
    >
      <Staven
        data={gewichten.map((g) => ({ ...g, titel: factorTitel(g.naam) }))}
        naamSleutel="titel"
        reeksen={[{ sleutel: 'gewicht', naam: 'Gewicht', kleur: (_, i) => PALET[i % PALET.length], label: true }]}
        hoogte={{ basis: 40, perRij: 32 }}
        rechts={36}
        naamAs={{ breed: 190, smal: 130, tekens: 28, tekensSmal: 17 }}
        asOpmaak={getal}
        lijnen={[{ x: 0 }]}
      />
    </Figuur>
  );
}
