'use client';
// Watch list and alerts (GET/POST/DELETE /alerts/volglijst, GET/POST /alerts/tijdlijn) of the key of this
// tab, per gebruiker_id (a name space inside the key's account; ?gebruiker=, default "standaard"). Add a
// vestiging or holding by id or from a search, remove it; the alerts that new dataset_versies made about
// watched entities, newest first, optionally unread only (?ongelezen=ja), each linking to its version's
// changes in the Versies view, marked read one by one or all at once. Writes through useMonitorMutatie
// (react-query mutations that refresh the answers they change). Without a key: what it is and where to get one.
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useSleutel } from '@/components/toegang/use-sleutel';
import type { AlertItem as AlertRij, VolgItem as VolgRij } from '@/lib/access/volglijst';
import { VestigingZoeker, type VestigingKort, type ZoekEntiteit } from '../benchmark/vestiging-zoeker';
import { Bronregel } from '../bronregel';
import { getal } from '../opmaak';
import { categorieStijl, wijzigingKleur } from '../kleuren';
import { Fout, Laden, Leeg, Resultaat } from '../toestand';
import { useMonitor } from '../use-monitor';
import { useMonitorMutatie } from '../use-monitor-mutatie';
import type { Pagina } from '../typen';
import { useUrlStaat } from '../use-url-staat';
import { volgNaam } from './volg-naam';

export const GEBRUIKER_VORM = /^[A-Za-z0-9._@-]{1,100}$/;
const ENTITEIT_ID = /^[A-Z0-9]{1,20}$/;
const SOORTEN = ['vestiging', 'holding', 'hoofdholding'] as const;
const PAGINA = 25;

/** A watch list entry as the API answers it: with the entity's name and place (null: unknown). */
export interface VolgItem extends VolgRij {
  naam: string | null;
  plaats: string | null;
}

/** An alert as the API answers it: with its entity's name and place (null: unknown). */
export interface AlertItem extends AlertRij {
  entiteit_naam: string | null;
  entiteit_plaats: string | null;
}


/** The entity and its id as shown: the name first, the id as small secondary text. */
function EntiteitLabel({ soort, id, naam, plaats }: { soort: string; id: string; naam: string | null; plaats: string | null }) {
  const bekend = Boolean(naam && naam !== id);
  return (
    <>
      <span data-testid="entiteit-naam">{volgNaam(soort, id, naam, plaats)}</span>
      {bekend && (
        <>
          {' '}
          <small className="zacht">
            <code>{id}</code>
          </small>
        </>
      )}
    </>
  );
}

interface VolglijstAntwoord {
  gebruiker_id: string;
  volglijst: VolgItem[];
  toegevoegd?: boolean;
}

export interface TijdlijnAntwoord extends Pagina {
  gebruiker_id: string;
  ongelezen: number;
  alerts: AlertItem[];
}

const datumTijd = (s: string) => new Date(s).toLocaleString('nl-NL', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Amsterdam' });

export function Volglijst() {
  const { sleutel, gelezen } = useSleutel();
  const [staat, zet] = useUrlStaat({ gebruiker: 'standaard', ongelezen: '', start: '' });
  if (!gelezen) return <Laden regels={6} />;
  if (!sleutel) return <ZonderSleutel />;
  const gebruiker = GEBRUIKER_VORM.test(staat.gebruiker) ? staat.gebruiker : 'standaard';
  return (
    <div className="dash-stapel volglijst-weergave" data-testid="volglijst">
      <GebruikerVeld key={gebruiker} waarde={gebruiker} onZet={(g) => zet({ gebruiker: g, start: '' })} />
      <div className="volglijst-twee">
        <VolglijstPaneel gebruiker={gebruiker} />
        <TijdlijnPaneel gebruiker={gebruiker} alleenOngelezen={staat.ongelezen === 'ja'} start={Math.max(0, Number(staat.start) || 0)} zet={zet} />
      </div>
    </div>
  );
}

function ZonderSleutel() {
  return (
    <div className="dash-stapel volglijst-weergave">
    <section className="paneel" aria-labelledby="kop-zonder-sleutel" data-testid="zonder-sleutel">
      <h2 id="kop-zonder-sleutel">Volglijst en alerts vragen een API-sleutel</h2>
      <p>
        Een volglijst hoort bij het account van een sleutel: u volgt er vestigingen en holdings mee, en elke nieuwe datasetversie die een gevolgde entiteit
        wijzigt (nieuw, beëindigd, overgenomen, verhuisd, gewijzigd) geeft een alert. Zonder sleutel (free preview) is er geen account om ze aan te koppelen.
      </p>
      <p>
        <Link href="/sleutel" className="knop">
          API-sleutel aanvragen
        </Link>{' '}
        <Link href="/sleutel#mijn-sleutel" className="knop knop--rand">
          Aanmelden met uw sleutel
        </Link>
      </p>
      <p className="zacht">De sleutel blijft alleen in dit tabblad bewaard en gaat alleen mee naar de eigen API van deze site.</p>
    </section>
    </div>
  );
}

/** gebruiker_id: checked against the API's own rule before it goes into the URL. */
function GebruikerVeld({ waarde, onZet }: { waarde: string; onZet: (g: string) => void }) {
  const [concept, setConcept] = useState(waarde);
  const geldig = GEBRUIKER_VORM.test(concept.trim());
  const toepassen = (e?: FormEvent) => {
    e?.preventDefault();
    const g = concept.trim();
    if (GEBRUIKER_VORM.test(g) && g !== waarde) onZet(g);
  };
  return (
    <form className="bediening volglijst-gebruiker" onSubmit={toepassen}>
      <label>
        Gebruiker (naamruimte binnen uw account)
        <input
          type="text"
          value={concept}
          onChange={(e) => setConcept(e.target.value)}
          onBlur={() => toepassen()}
          maxLength={100}
          aria-invalid={!geldig}
          aria-describedby="gebruiker-uitleg"
          spellCheck={false}
        />
      </label>
      <button type="submit" className="knop knop--rand knop--klein" disabled={!geldig}>
        Wisselen
      </button>
      <p id="gebruiker-uitleg" className={geldig ? 'zacht volglijst-gebruiker__uitleg' : 'volglijst-gebruiker__fout'} role={geldig ? undefined : 'alert'}>
        {geldig
          ? 'Elke gebruiker heeft een eigen volglijst en tijdlijn; een andere sleutel ziet ze nooit.'
          : '1 tot 100 tekens: letters, cijfers, punt, streep, liggend streepje of @.'}
      </p>
    </form>
  );
}

function VolglijstPaneel({ gebruiker }: { gebruiker: string }) {
  const lijst = useMonitor<VolglijstAntwoord>('/alerts/volglijst', { gebruiker_id: gebruiker });
  const [melding, setMelding] = useState<string | null>(null);
  const toevoegen = useMonitorMutatie<{ entiteit_type: string; entiteit_id: string; naam?: string }, VolglijstAntwoord>(
    (v) => ({ methode: 'POST', pad: '/alerts/volglijst', params: { gebruiker_id: gebruiker }, body: { entiteit_type: v.entiteit_type, entiteit_id: v.entiteit_id } }),
    ['/alerts/volglijst'],
  );
  const verwijderen = useMonitorMutatie<VolgItem>(
    (v) => ({ methode: 'DELETE', pad: '/alerts/volglijst', params: { gebruiker_id: gebruiker, entiteit_type: v.entiteit_type, entiteit: v.entiteit_id } }),
    ['/alerts/volglijst'],
  );
  const volg = (entiteit_type: string, entiteit_id: string, naam?: string) => {
    setMelding(null);
    toevoegen.mutate(
      { entiteit_type, entiteit_id, naam },
      {
        onSuccess: (r) => {
          const item = r.data.volglijst.find((i) => i.entiteit_type === entiteit_type && i.entiteit_id === entiteit_id);
          const tekst = item ? volgNaam(entiteit_type, entiteit_id, item.naam ?? naam ?? null, item.plaats) : volgNaam(entiteit_type, entiteit_id, naam ?? null, null);
          setMelding(`${tekst} ${r.data.toegevoegd === false ? 'stond al' : 'staat nu'} op de volglijst van ${gebruiker}.`);
        },
      },
    );
  };
  const fout = toevoegen.error ?? verwijderen.error;

  return (
    <section className="paneel" aria-labelledby="kop-volglijst" data-testid="volglijst-paneel">
      <h2 id="kop-volglijst">Volglijst van {gebruiker}</h2>
      <Resultaat query={lijst} laden={<Laden regels={4} />} context="Volglijst">
        {(d, env) => (
          <>
            {d.volglijst.length === 0 ? (
              <Leeg>De volglijst van {gebruiker} is leeg. Voeg hieronder een vestiging of holding toe: bij elke nieuwe datasetversie die haar wijzigt, krijgt u een alert.</Leeg>
            ) : (
              <ul className="volglijst-lijst" data-testid="gevolgd">
                {d.volglijst.map((i) => (
                  <li key={`${i.entiteit_type}-${i.entiteit_id}`} data-entiteit={i.entiteit_id}>
                    <span className="zacht">{i.entiteit_type}</span>{' '}
                    {i.entiteit_type === 'vestiging' ? (
                      <Link href={`/dashboard/benchmark?vestiging=${i.entiteit_id}`} title="Deze vestiging in de benchmark">
                        <EntiteitLabel soort={i.entiteit_type} id={i.entiteit_id} naam={i.naam} plaats={i.plaats} />
                      </Link>
                    ) : (
                      <EntiteitLabel soort={i.entiteit_type} id={i.entiteit_id} naam={i.naam} plaats={i.plaats} />
                    )}
                    <span className="zacht volglijst-sinds"> sinds {datumTijd(i.toegevoegd_op)}</span>
                    <button
                      type="button"
                      className="knop knop--rand knop--klein"
                      disabled={verwijderen.isPending}
                      aria-label={`${volgNaam(i.entiteit_type, i.entiteit_id, i.naam, i.plaats)} niet meer volgen`}
                      onClick={() => {
                        setMelding(null);
                        verwijderen.mutate(i, { onSuccess: () => setMelding(`${volgNaam(i.entiteit_type, i.entiteit_id, i.naam, i.plaats)} staat niet meer op de volglijst.`) });
                      }}
                    >
                      Niet meer volgen
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <Bronregel bronnen={env.bronnen} />
          </>
        )}
      </Resultaat>

      <div aria-live="polite" className="volglijst-melding">
        {melding && (
          <p className="volglijst-gelukt" data-testid="volglijst-melding">
            {melding}
          </p>
        )}
        {fout && <Fout fout={fout} context="Volglijst bijwerken" />}
      </div>

      <h3>Toevoegen</h3>
      <VolgOpId bezig={toevoegen.isPending} onVolg={(t, id) => volg(t, id)} />
      <VestigingZoeker
        label="Of zoek een vestiging"
        knop="Volg"
        wisNaKeuze={false}
        onKies={(v: VestigingKort) => volg('vestiging', v.vestiging_id, v.naam)}
        onKiesHolding={(e: ZoekEntiteit) => e.lei && volg('holding', e.lei, e.naam)}
      />
    </section>
  );
}

function VolgOpId({ bezig, onVolg }: { bezig: boolean; onVolg: (type: string, id: string) => void }) {
  const [soort, setSoort] = useState<string>('vestiging');
  const [id, setId] = useState('');
  const schoon = id.trim().toUpperCase();
  const geldig = ENTITEIT_ID.test(schoon);
  const verstuur = (e: FormEvent) => {
    e.preventDefault();
    if (geldig) onVolg(soort, schoon);
  };
  return (
    <form className="bediening volglijst-op-id" onSubmit={verstuur} aria-label="Volgen op id">
      <label>
        Soort
        <select value={soort} onChange={(e) => setSoort(e.target.value)}>
          {SOORTEN.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        {soort === 'vestiging' ? 'vestiging_id' : 'LEI'}
        <input type="text" value={id} onChange={(e) => setId(e.target.value)} maxLength={20} spellCheck={false} placeholder={soort === 'vestiging' ? 'V…' : '20 tekens'} />
      </label>
      <button type="submit" className="knop knop--klein" disabled={!geldig || bezig}>
        Volgen
      </button>
    </form>
  );
}

function TijdlijnPaneel({
  gebruiker,
  alleenOngelezen,
  start,
  zet,
}: {
  gebruiker: string;
  alleenOngelezen: boolean;
  start: number;
  zet: (w: Partial<{ gebruiker: string; ongelezen: string; start: string }>) => void;
}) {
  const tijdlijn = useMonitor<TijdlijnAntwoord>('/alerts/tijdlijn', {
    gebruiker_id: gebruiker,
    ongelezen: alleenOngelezen ? 'true' : undefined,
    rijen: PAGINA,
    start: start || undefined,
  });
  const markeer = useMonitorMutatie<number[] | 'alle'>(
    (gelezen) => ({ methode: 'POST', pad: '/alerts/tijdlijn', params: { gebruiker_id: gebruiker }, body: { markeer_gelezen: gelezen } }),
    ['/alerts/tijdlijn'],
  );

  return (
    <section className="paneel" aria-labelledby="kop-tijdlijn" data-testid="tijdlijn">
      <h2 id="kop-tijdlijn">Alerts</h2>
      <div className="bediening">
        <label className="volglijst-vink">
          <input type="checkbox" checked={alleenOngelezen} onChange={(e) => zet({ ongelezen: e.target.checked ? 'ja' : '', start: '' })} />
          Alleen ongelezen
        </label>
        {(tijdlijn.data?.data.ongelezen ?? 0) > 0 && (
          <button type="button" className="knop knop--rand knop--klein" disabled={markeer.isPending} onClick={() => markeer.mutate('alle')}>
            Alles als gelezen markeren
          </button>
        )}
      </div>
      {markeer.error && <Fout fout={markeer.error} context="Markeren als gelezen" />}
      <Resultaat query={tijdlijn} laden={<Laden regels={5} />} context="Alerts">
        {(t, env) => (
          <>
            <p className="volglijst-telling" data-testid="tijdlijn-telling" aria-live="polite">
              {getal(t.totaal)} alert{t.totaal === 1 ? '' : 's'}
              {alleenOngelezen ? ' ongelezen' : `, waarvan ${getal(t.ongelezen)} ongelezen`}.
            </p>
            {t.alerts.length === 0 ? (
              <Leeg>
                {alleenOngelezen
                  ? `Geen ongelezen alerts voor ${gebruiker}.`
                  : `Nog geen alerts voor ${gebruiker}. Een alert ontstaat wanneer een nieuwe datasetversie een entiteit op de volglijst wijzigt; wat nu al gevolgd wordt, meldt zich bij de volgende versie.`}
              </Leeg>
            ) : (
              <ol className="volglijst-alerts">
                {t.alerts.map((a) => (
                  <li
                    key={a.alert_id}
                    className={a.gelezen ? 'alert alert--gelezen' : 'alert'}
                    data-testid="alert"
                    data-entiteit={a.entiteit_id}
                    data-versie={a.versie_id}
                    data-gelezen={a.gelezen ? 'ja' : 'nee'}
                  >
                    <div className="alert__kop">
                      <span className="soort" style={categorieStijl(wijzigingKleur(a.wijziging_type))}>{a.wijziging_type}</span>
                      <span>
                        <span className="zacht">{a.entiteit_type}</span>{' '}
                        <EntiteitLabel soort={a.entiteit_type} id={a.entiteit_id} naam={a.entiteit_naam} plaats={a.entiteit_plaats} />
                      </span>
                      {!a.gelezen && <span className="alert__nieuw">ongelezen</span>}
                    </div>
                    <p className="alert__tekst">
                      Versie {a.versie_id}, peildatum {a.datum} · gemeld {datumTijd(a.aangemaakt_op)}
                    </p>
                    <div className="alert__acties">
                      <Link href={`/dashboard/versies?versie=${a.versie_id}&entiteit=${encodeURIComponent(a.entiteit_id)}`}>Wijzigingen in versie {a.versie_id} →</Link>
                      {!a.gelezen && (
                        <button
                          type="button"
                          className="knop knop--rand knop--klein"
                          disabled={markeer.isPending}
                          aria-label={`Alert over ${volgNaam(a.entiteit_type, a.entiteit_id, a.entiteit_naam, a.entiteit_plaats)} in versie ${a.versie_id} als gelezen markeren`}
                          onClick={() => markeer.mutate([a.alert_id])}
                        >
                          Markeer als gelezen
                        </button>
                      )}
                    </div>
                  </li>
                ))}
              </ol>
            )}
            {t.totaal > PAGINA && (
              <nav className="versies-paginering" aria-label="Pagina's van de alerts">
                <button type="button" className="knop knop--rand knop--klein" disabled={start === 0} onClick={() => zet({ start: start - PAGINA > 0 ? String(start - PAGINA) : '' })}>
                  ← Nieuwer
                </button>
                <span className="zacht">
                  Pagina {Math.floor(start / PAGINA) + 1} van {Math.ceil(t.totaal / PAGINA)}
                </span>
                <button type="button" className="knop knop--rand knop--klein" disabled={!t.volgende} onClick={() => zet({ start: String(start + PAGINA) })}>
                  Ouder →
                </button>
              </nav>
            )}
            <Bronregel bronnen={env.bronnen} />
          </>
        )}
      </Resultaat>
    </section>
  );
}
