'use client';
// Versions (GET /versies): every dataset_versie, newest first, with its changelog sentence and counts, a
// chart of the changes per version, and the version that answers for the dashboard's as-of date marked. One
// version chosen (?versie=) shows its wijziging rows (GET /versies/{id}/wijzigingen) filtered on
// entiteit_type, wijziging_type and one entity (?entiteit=, where the alerts link to), paged (?start=),
// each row in words: what changed, old → new.
import { useState, type FormEvent } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ReferenceArea, XAxis, YAxis } from 'recharts';
import { ChangelogTabel } from '../changelog-tabel';
import { Bronregel } from '../bronregel';
import { getal } from '../opmaak';
import { GrafiekExport } from '../export/export-menu';
import { getalKolom, Tabel } from '../tabel';
import { Fout, Laden, Leeg, Resultaat } from '../toestand';
import { useMonitor } from '../use-monitor';
import { categorieStijl, wijzigingKleur } from '../kleuren';
import { usePeildatum, useUrlStaat } from '../use-url-staat';
import type { Versie, Versies as VersiesAntwoord, WijzigingenPagina } from '../typen';
import { kernzin, naamVan, verschilRegel, verschillen } from './wijziging-tekst';

export const ENTITEIT_TYPES = ['vestiging', 'holding', 'hoofdholding'] as const;
export const WIJZIGING_TYPES = ['nieuw', 'beëindigd', 'gewijzigd', 'overgenomen', 'verhuisd'] as const;
export const PAGINA = 25;

/** The version that answers for `peildatum`: the newest on or before it (null when before all); the newest without one. */
export function versieVoor(versies: readonly Pick<Versie, 'versie_id' | 'peildatum'>[], peildatum: string): Pick<Versie, 'versie_id' | 'peildatum'> | null {
  if (!peildatum) return versies.reduce<Pick<Versie, 'versie_id' | 'peildatum'> | null>((a, v) => (!a || v.versie_id > a.versie_id ? v : a), null);
  let gekozen: Pick<Versie, 'versie_id' | 'peildatum'> | null = null;
  for (const v of versies) if (v.peildatum <= peildatum && (!gekozen || v.versie_id > gekozen.versie_id)) gekozen = v;
  return gekozen;
}

const isNulmeting = (v: Versie) => v.changelog.tekst.startsWith('Eerste versie');
const datumTijd = (s: string) => new Date(s).toLocaleString('nl-NL', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Amsterdam' });

/** Rows per wijziging_type, summed over the entity types. */
const perSoort = (v: Versie) =>
  Object.fromEntries(WIJZIGING_TYPES.map((t) => [t, Object.values(v.changelog.per_type).reduce((s, r) => s + (r[t] ?? 0), 0)])) as Record<string, number>;

export function Versies() {
  const peildatum = usePeildatum();
  const [staat, zet] = useUrlStaat({ versie: '', entiteit_type: '', wijziging_type: '', entiteit: '', start: '' });
  const versies = useMonitor<VersiesAntwoord>('/versies');
  const lijst = versies.data?.data.versies ?? [];
  const voorPeildatum = versieVoor(lijst, peildatum);
  const gekozenId = staat.versie || (voorPeildatum ? String(voorPeildatum.versie_id) : '');

  return (
    <div className="dash-stapel versies-weergave" data-testid="versies">
      <Resultaat query={versies} laden={<Laden regels={10} />} context="Versies">
        {(d, env) => (
          <>
            <section className="paneel" aria-labelledby="kop-versies">
              <h2 id="kop-versies">Datasetversies</h2>
              <p>
                {getal(d.totaal)} versie{d.totaal === 1 ? '' : 's'}, nieuwste eerst. Elke import van een bronregister levert een versie; haar wijzigingen zijn het
                verschil met de vorige.
                {d.historie_vanaf && (
                  <>
                    {' '}
                    Zonder sleutel ziet u alleen de versies vanaf <strong>{d.historie_vanaf}</strong> (free preview); oudere versies vragen een{' '}
                    <a href="/sleutel">sleutel</a>.
                  </>
                )}
              </p>
              <p className="versies-peildatum" data-testid="peildatum-versie">
                {peildatum ? (
                  voorPeildatum ? (
                    <>
                      Stand op <strong>{peildatum}</strong> (gekozen bovenaan): die beantwoordt <strong>versie {voorPeildatum.versie_id}</strong> (peildatum{' '}
                      {voorPeildatum.peildatum}), de nieuwste op of vóór die datum.
                    </>
                  ) : (
                    <>
                      Stand op <strong>{peildatum}</strong>: geen van deze versies ligt op of vóór die datum
                      {d.historie_vanaf ? ' (oudere versies vragen een sleutel)' : ''}.
                    </>
                  )
                ) : voorPeildatum ? (
                  <>
                    Het dashboard toont de nieuwste stand: <strong>versie {voorPeildatum.versie_id}</strong> (peildatum {voorPeildatum.peildatum}). Kies bovenaan een
                    andere datum om te zien welke versie dan antwoordt.
                  </>
                ) : null}
              </p>
              <VersieGrafiek versies={d.versies} gekozen={Number(gekozenId)} stand={voorPeildatum?.versie_id ?? null} onKies={(id) => zet({ versie: String(id), start: '' })} />
              <VersieTabel versies={d.versies} gekozen={Number(gekozenId)} stand={voorPeildatum?.versie_id ?? null} peildatum={peildatum} onKies={(id) => zet({ versie: String(id), start: '' })} />
            </section>
            {gekozenId ? (
              <WijzigingenPaneel versieId={gekozenId} lijst={d.versies} staat={staat} zet={zet} />
            ) : (
              <Leeg>Er is nog geen datasetversie om wijzigingen van te tonen.</Leeg>
            )}
            <Bronregel bronnen={env.bronnen} />
          </>
        )}
      </Resultaat>
    </div>
  );
}

function VersieGrafiek({ versies, gekozen, stand, onKies }: { versies: Versie[]; gekozen: number; stand: number | null; onKies: (id: number) => void }) {
  const getoond = [...versies].reverse().filter((v) => !isNulmeting(v));
  const nulmeting = versies.find(isNulmeting);
  if (!getoond.length) return <Leeg>Nog geen versies na de nulmeting: er is geen verloop te tekenen.</Leeg>;
  const data = getoond.map((v) => ({ id: v.versie_id, ...perSoort(v) }));
  const peil = new Map(getoond.map((v) => [v.versie_id, v.peildatum]));
  const toon = (id: number) => peil.has(id);
  const maanden = getoond.map((v) => v.peildatum.slice(0, 7));
  const perMaand = new Set(maanden).size === maanden.length;
  return (
    <figure className="versies-grafiek" data-testid="versie-grafiek">
      <div aria-hidden="true">
        <BarChart data={data} responsive style={{ width: '100%', height: 220 }} margin={{ top: 8, right: 8, bottom: 0, left: -12 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="#e8edf3" />
          {stand !== null && toon(stand) && <ReferenceArea x1={stand} x2={stand} fill="#fff4d6" fillOpacity={1} className="stand-markering" ifOverflow="hidden" />}
          {gekozen && toon(gekozen) && gekozen !== stand ? <ReferenceArea x1={gekozen} x2={gekozen} fill="#dbe6f3" fillOpacity={1} className="gekozen-markering" ifOverflow="hidden" /> : null}
          <XAxis dataKey="id" fontSize={11} interval="preserveStartEnd" tickFormatter={(id: number) => (peil.get(id) ?? '').slice(0, perMaand ? 7 : 10)} />
          <YAxis allowDecimals={false} fontSize={11} width={40} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {WIJZIGING_TYPES.map((t) => (
            <Bar
              key={t}
              dataKey={t}
              name={t}
              stackId="soort"
              fill={wijzigingKleur(t)}
              isAnimationActive={false}
              className="versie-staaf"
              cursor="pointer"
              onClick={(e: { payload?: { id?: number } }) => e.payload?.id && onKies(e.payload.id)}
            />
          ))}
        </BarChart>
      </div>
      <GrafiekExport titel="Wijzigingsrijen per versie en soort" />
      <figcaption className="zacht">
        Wijzigingsrijen per versie en soort, oudste links{nulmeting ? ` (zonder de nulmeting, versie ${nulmeting.versie_id}: ${getal(nulmeting.changelog.totaal)} rijen)` : ''}. Geel:
        de versie van de gekozen stand; blauw: de geopende versie. De getallen staan in de tabel hieronder.
      </figcaption>
    </figure>
  );
}

function VersieTabel({
  versies,
  gekozen,
  stand,
  peildatum,
  onKies,
}: {
  versies: Versie[];
  gekozen: number;
  stand: number | null;
  peildatum: string;
  onKies: (id: number) => void;
}) {
  // Sample data is labelled per version only when sample and official versions are mixed (else the source line says it).
  const gemengd = versies.some((v) => v.voorbeelddata) && versies.some((v) => !v.voorbeelddata);
  return (
    <div className="tabel-houder">
      <Tabel
        testid="versie-tabel"
        bijschrift="Alle zichtbare datasetversies"
        klasse="versies-tabel"
        kolommen={['Versie', 'Peildatum', 'Gepubliceerd', getalKolom('Wijzigingen'), 'Changelog']}
      >
        {versies.map((v) => (
          <tr key={v.versie_id} data-versie={v.versie_id} className={v.versie_id === gekozen ? 'versies-tabel__gekozen' : undefined} aria-current={v.versie_id === gekozen ? 'true' : undefined}>
            <th scope="row">
              <button type="button" className="versies-kies" aria-pressed={v.versie_id === gekozen} onClick={() => onKies(v.versie_id)}>
                Versie {v.versie_id}
              </button>
              {v.versie_id === stand && (
                <span className="versies-stand" data-testid="stand-markering">
                  {peildatum ? `stand op ${peildatum}` : 'nieuwste'}
                </span>
              )}
            </th>
            <td className="versies-tabel__datum" data-label="Peildatum">
              {v.peildatum}
            </td>
            <td data-label="Gepubliceerd">{datumTijd(v.gepubliceerd_op)}</td>
            <td className="getal" data-label="Wijzigingen">
              {getal(v.changelog.totaal)}
            </td>
            <td className="versies-tabel__changelog">
              {v.changelog.tekst}
              {gemengd && v.voorbeelddata ? <span className="voorbeeld-label versies-tabel__label">Voorbeelddata</span> : null}
            </td>
          </tr>
        ))}
      </Tabel>
    </div>
  );
}

type Staat = { versie: string; entiteit_type: string; wijziging_type: string; entiteit: string; start: string };

/** The entity filter: applied on Enter, on leaving the field or with the button. */
function EntiteitVeld({ waarde, onZet }: { waarde: string; onZet: (v: string) => void }) {
  const [concept, setConcept] = useState(waarde);
  const toepassen = (e?: FormEvent) => {
    e?.preventDefault();
    const v = concept.trim().toUpperCase();
    if (v !== waarde) onZet(v);
  };
  return (
    <form className="versies-entiteit" onSubmit={toepassen}>
      <label>
        Entiteit (vestiging_id of LEI)
        <input type="text" value={concept} onChange={(e) => setConcept(e.target.value)} onBlur={() => toepassen()} maxLength={40} placeholder="alle" spellCheck={false} />
      </label>
      {waarde && (
        <button type="button" className="knop knop--rand knop--klein" onClick={() => onZet('')}>
          Alle entiteiten
        </button>
      )}
    </form>
  );
}

function WijzigingenPaneel({ versieId, lijst, staat, zet }: { versieId: string; lijst: Versie[]; staat: Staat; zet: (w: Partial<Staat>) => void }) {
  const start = Math.max(0, Number(staat.start) || 0);
  const q = useMonitor<WijzigingenPagina>(`/versies/${encodeURIComponent(versieId)}/wijzigingen`, {
    entiteit_type: staat.entiteit_type,
    wijziging_type: staat.wijziging_type,
    entiteit: staat.entiteit,
    start: start || undefined,
    rijen: PAGINA,
  });
  // While another version loads, the previous answer stays (dimmed): its header must not be taken for this one.
  const geladen = q.data && String(q.data.data.datasetversie.versie_id) === versieId ? q.data.data.datasetversie : undefined;
  const versie = geladen ?? lijst.find((v) => String(v.versie_id) === versieId);
  const gefilterd = !!(staat.entiteit_type || staat.wijziging_type || staat.entiteit);
  const filter = (w: Partial<Staat>) => zet({ ...w, start: '' });

  return (
    <section className="paneel" aria-labelledby="kop-wijzigingen" data-testid="wijzigingen">
      <h2 id="kop-wijzigingen">
        Wijzigingen in versie {versieId}
        {versie ? ` (peildatum ${versie.peildatum})` : ''}
      </h2>
      {versie && (
        <>
          <p className="changelog">{versie.changelog.tekst}</p>
          <ChangelogTabel perType={versie.changelog.per_type} />
        </>
      )}
      <div className="bediening versies-filters">
        <label>
          Soort entiteit
          <select value={staat.entiteit_type} onChange={(e) => filter({ entiteit_type: e.target.value })}>
            <option value="">Alle</option>
            {ENTITEIT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label>
          Soort wijziging
          <select value={staat.wijziging_type} onChange={(e) => filter({ wijziging_type: e.target.value })}>
            <option value="">Alle</option>
            {WIJZIGING_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <EntiteitVeld key={staat.entiteit} waarde={staat.entiteit} onZet={(entiteit) => filter({ entiteit })} />
      </div>
      {q.isError ? (
        <Fout fout={q.error} opnieuw={() => void q.refetch()} context={`Wijzigingen van versie ${versieId}`} />
      ) : !q.data ? (
        <Laden regels={6} />
      ) : (
        <WijzigingenLijst
          antwoord={q.data.data}
          ververst={q.isPlaceholderData || q.isFetching}
          gefilterd={gefilterd}
          onPagina={(s) => zet({ start: s ? String(s) : '' })}
          onEntiteit={(entiteit) => filter({ entiteit })}
        />
      )}
    </section>
  );
}

function WijzigingenLijst({
  antwoord,
  ververst,
  gefilterd,
  onPagina,
  onEntiteit,
}: {
  antwoord: WijzigingenPagina;
  ververst: boolean;
  gefilterd: boolean;
  onPagina: (start: number) => void;
  onEntiteit: (id: string) => void;
}) {
  const { totaal, start, wijzigingen } = antwoord;
  if (totaal === 0) {
    return (
      <Leeg>
        {gefilterd
          ? `Geen wijzigingen met deze filters in versie ${antwoord.datasetversie.versie_id}. Kies een andere soort of alle entiteiten.`
          : `Versie ${antwoord.datasetversie.versie_id} heeft geen wijzigingen: de markt was gelijk aan die van de vorige versie.`}
      </Leeg>
    );
  }
  const tot = Math.min(totaal, start + wijzigingen.length);
  return (
    <div className={ververst ? 'ververst' : undefined} aria-busy={ververst}>
      <p className="versies-telling" data-testid="wijzigingen-telling" data-totaal={totaal} aria-live="polite">
        {getal(totaal)} wijziging{totaal === 1 ? '' : 'en'}
        {gefilterd ? ' met deze filters' : ''}; rij {getal(start + 1)}–{getal(tot)}.
      </p>
      <div className="tabel-houder">
        <Tabel bijschrift={<>Wijzigingen, rij {start + 1} tot {tot}</>} verborgen klasse="wijzigingen-tabel" kolommen={['Entiteit', 'Soort', 'Wat veranderde']}>
          {wijzigingen.map((w) => {
            const zin = kernzin(w);
            const verschil = w.wijziging_type === 'verhuisd' && w.nieuw === null ? [] : verschillen(w, antwoord.namen);
            const naam = naamVan(w, antwoord.namen);
            const plaats = antwoord.namen?.[w.entiteit_id]?.plaats;
            return (
              <tr key={w.wijziging_id} data-testid="wijziging-rij" data-entiteit-type={w.entiteit_type} data-wijziging-type={w.wijziging_type} data-entiteit={w.entiteit_id}>
                <td>
                  <span className="zacht">{w.entiteit_type}</span>
                  <br />
                  <strong data-testid="wijziging-naam">{naam ?? `onbekende ${w.entiteit_type}`}</strong>
                  {plaats && <span className="zacht">, {plaats}</span>}
                  <br />
                  <small>
                    <button type="button" className="versies-id" onClick={() => onEntiteit(w.entiteit_id)} title="Alleen de wijzigingen van deze entiteit">
                      {w.entiteit_id}
                    </button>
                  </small>
                </td>
                <td>
                  <span className="soort" style={categorieStijl(wijzigingKleur(w.wijziging_type))}>{w.wijziging_type}</span>
                </td>
                <td>
                  {zin && <p className="versies-zin">{zin}</p>}
                  {verschil.length > 0 && (
                    <ul className="versies-velden">
                      {verschil.map((v, i) => (
                        <li key={i} title={v.soort === 'entiteit' && v.ids.length ? v.ids.join(', ') : undefined}>
                          {verschilRegel(v)}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </Tabel>
      </div>
      {totaal > PAGINA && (
        <nav className="versies-paginering" aria-label="Pagina's van de wijzigingen">
          <button type="button" className="knop knop--rand knop--klein" disabled={start === 0} onClick={() => onPagina(Math.max(0, start - PAGINA))}>
            ← Vorige {PAGINA}
          </button>
          <span className="zacht">
            Pagina {Math.floor(start / PAGINA) + 1} van {Math.ceil(totaal / PAGINA)}
          </span>
          <button type="button" className="knop knop--rand knop--klein" disabled={!antwoord.volgende} onClick={() => onPagina(start + PAGINA)}>
            Volgende {PAGINA} →
          </button>
        </nav>
      )}
    </div>
  );
}
