'use client';
// "Ik heb al een sleutel": paste a key, check it with GET /v1/toegang/sleutel (tier, limit, prefix …) and keep
// it for this browser tab (sessionStorage, use-sleutel.ts), or sign off ("afmelden") to forget it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { leesSleutelInfo, SLEUTEL_VORM, type SleutelInfo } from './api';
import { ProbleemMelding } from './probleem-melding';
import { useSleutel, useSleutelInfo } from './use-sleutel';

const datumTijd = (iso: string) =>
  new Date(iso).toLocaleString('nl-NL', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Amsterdam' });

/** The facts of a checked key. */
function SleutelFeiten({ info }: { info: SleutelInfo }) {
  return (
    <dl className="feiten" data-testid="sleutel-feiten">
      <dt>Tier</dt>
      <dd data-testid="sleutel-tier">{info.tier}</dd>
      <dt>Limiet</dt>
      <dd>
        {info.limiet_per_uur.toLocaleString('nl-NL')} verzoeken per uur{info.eigen_limiet ? ' (eigen limiet van deze sleutel)' : ''}
      </dd>
      <dt>Begin van de sleutel</dt>
      <dd>
        <code>{info.prefix}</code>…
      </dd>
      <dt>Op naam van</dt>
      <dd>
        {info.naam}
        {info.organisatie ? `, ${info.organisatie}` : ''}
      </dd>
      <dt>Rechten</dt>
      <dd>
        {[info.rechten.volledige_historie && 'volledige historie', info.rechten.csv && 'CSV-export', info.rechten.webhooks_toegestaan && 'webhooks en bulkexport']
          .filter(Boolean)
          .join(', ') || 'geen extra rechten'}
      </dd>
      <dt>Aangemaakt</dt>
      <dd>{datumTijd(info.aangemaakt_op)}</dd>
      <dt>Laatst gebruikt</dt>
      <dd>{info.laatst_gebruikt_op ? datumTijd(info.laatst_gebruikt_op) : 'nog niet'}</dd>
    </dl>
  );
}

/** The section's content: the kept key with its facts and "afmelden", or the form to check one. */
export function MijnSleutel() {
  const tab = useSleutel();
  const queryClient = useQueryClient();
  const info = useSleutelInfo(tab.sleutel);
  const [invoer, setInvoer] = useState('');
  const [vormFout, setVormFout] = useState<string | null>(null);
  const [melding, setMelding] = useState('');
  const controle = useMutation({
    mutationFn: (sleutel: string) => leesSleutelInfo(sleutel),
    onSuccess: (data, sleutel) => {
      queryClient.setQueryData(['toegang', 'sleutel', sleutel], data);
      if (tab.bewaar(sleutel)) {
        setInvoer('');
        setMelding('');
      } else {
        setMelding('De sleutel is geldig, maar deze browser staat niet toe dat hij voor dit tabblad bewaard wordt.');
      }
    },
  });

  const controleer = (e: FormEvent) => {
    e.preventDefault();
    const s = invoer.trim();
    setMelding('');
    if (!s) return setVormFout('Plak hier uw sleutel.');
    if (!SLEUTEL_VORM.test(s)) return setVormFout('Dit is geen sleutel: een sleutel begint met nlod_s_ of nlod_e_, gevolgd door 40 letters en cijfers.');
    setVormFout(null);
    controle.mutate(s);
  };

  const afmelden = () => {
    tab.wis();
    controle.reset();
    setMelding('U bent afgemeld: de sleutel is uit dit tabblad verwijderd.');
  };

  const uitleg = (
    <p className="zacht">
      Na de controle bewaren wij de sleutel alleen in deze browser, voor dit tabblad (<code>sessionStorage</code>): hij verdwijnt zodra u
      het tabblad sluit of op &quot;Afmelden&quot; klikt, en gaat alleen mee naar de API van deze site (in de header <code>X-Api-Key</code>).
      Andere tabbladen en andere sites zien hem niet. Op een gedeelde computer: meld u af als u klaar bent.
    </p>
  );

  return (
    <div className="mijn-sleutel">
      <div aria-live="polite" className="mijn-sleutel__live">
        {melding && <p role="status">{melding}</p>}
        {!tab.sleutel && controle.data && (
          <div className="resultaat">
            <h3>Geldige sleutel (niet bewaard)</h3>
            <SleutelFeiten info={controle.data} />
          </div>
        )}
        {tab.sleutel && (
          <div className="resultaat" data-testid="mijn-sleutel">
            <h3>Aangemeld in dit tabblad</h3>
            {info.isPending && <p className="bezig">Sleutel wordt gecontroleerd…</p>}
            {info.data && <SleutelFeiten info={info.data} />}
          </div>
        )}
      </div>
      {tab.sleutel && (
        <>
          <ProbleemMelding fout={info.error} context="Sleutel niet geaccepteerd" />
          <div className="knoppen">
            <button type="button" className="knop knop--rand" onClick={afmelden}>
              Afmelden
            </button>
          </div>
          {uitleg}
        </>
      )}

      {tab.gelezen && !tab.sleutel && (
        <form className="formulier" noValidate onSubmit={controleer}>
          <div className={`veld${vormFout ? ' veld--fout' : ''}`}>
            <label htmlFor="mijn-sleutel">Uw API-sleutel</label>
            <input
              id="mijn-sleutel"
              name="sleutel"
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="nlod_s_…"
              value={invoer}
              onChange={(e) => setInvoer(e.target.value)}
              aria-describedby={`mijn-sleutel-hint${vormFout ? ' mijn-sleutel-fout' : ''}`}
              aria-invalid={!!vormFout}
            />
            <p id="mijn-sleutel-hint" className="veld__hint">
              Begint met <code>nlod_s_</code> (standard) of <code>nlod_e_</code> (enterprise).
            </p>
            {vormFout && (
              <p id="mijn-sleutel-fout" className="veld__fout">
                {vormFout}
              </p>
            )}
          </div>
          {!tab.opslagMogelijk && (
            <p className="melding">Deze browser staat sessionStorage niet toe: de sleutel kan wel gecontroleerd, maar niet voor dit tabblad bewaard worden.</p>
          )}
          <ProbleemMelding fout={controle.error} context="Sleutel niet geaccepteerd" />
          <div className="knoppen">
            <button type="submit" className="knop" disabled={controle.isPending}>
              {controle.isPending ? 'Bezig met controleren…' : 'Controleren en onthouden'}
            </button>
          </div>
          {uitleg}
        </form>
      )}
    </div>
  );
}
