'use client';
// The key request form: name, e-mail, organisation (optional), intended use and the tier wanted, checked
// here with the server's rules (regels.ts) and sent with POST /v1/toegang/aanvragen. standard: the key is
// shown once (NieuweSleutel); enterprise: the queued request's number and what happens next. A problem
// (400 with the invalid fields, 429 with Retry-After) is shown as the API tells it.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode, type RefObject } from 'react';
import { TIER_REGELS } from '@/lib/access/tiers';
import { ApiProblem } from '@/lib/client/api';
import { vraagSleutelAan, type AanvraagAntwoord } from './api';
import { NieuweSleutel } from './nieuwe-sleutel';
import { useSleutel } from './use-sleutel';
import { ProbleemMelding } from './probleem-melding';
import { aanvraagBody, controleer, HINTS, LENGTES, type AanvraagInvoer, type GewensteTier, type Veld } from './regels';

const LEEG: AanvraagInvoer = { naam: '', email: '', organisatie: '', gebruik: '', tier: 'standard' };
const VOLGORDE: Veld[] = ['naam', 'email', 'organisatie', 'gebruik', 'tier'];
const veldId = (v: Veld) => (v === 'tier' ? 'aanvraag-tier-standard' : `aanvraag-${v}`);

const TIER_KEUZE: Record<GewensteTier, string> = {
  standard: 'standard: direct uitgegeven',
  enterprise: 'enterprise: na goedkeuring',
};

interface VeldProps {
  veld: Exclude<Veld, 'tier'>;
  label: string;
  fout?: string;
  children: (aria: { id: string; 'aria-describedby': string; 'aria-invalid': boolean }) => ReactNode;
  extra?: ReactNode;
}

/** A labelled field with its hint and, when wrong, its message (both read out with the field). */
function VeldBlok({ veld, label, fout, children, extra }: VeldProps) {
  const id = veldId(veld);
  return (
    <div className={`veld${fout ? ' veld--fout' : ''}`}>
      <label htmlFor={id}>
        {label}
        {veld === 'organisatie' ? <span className="zacht"> (optioneel)</span> : null}
      </label>
      {children({ id, 'aria-describedby': `${id}-hint${fout ? ` ${id}-fout` : ''}`, 'aria-invalid': !!fout })}
      <p id={`${id}-hint`} className="veld__hint">
        {HINTS[veld]}
        {extra}
      </p>
      {fout && (
        <p id={`${id}-fout`} className="veld__fout">
          {fout}
        </p>
      )}
    </div>
  );
}

const geenAbonnement = () => () => undefined;

/** The form, or after a successful request its outcome. */
export function AanvraagFormulier() {
  // Sending waits for the page's script: a submit before it would put the fields in the URL (a plain GET).
  const gehydrateerd = useSyncExternalStore(geenAbonnement, () => true, () => false);
  const [invoer, setInvoer] = useState<AanvraagInvoer>(LEEG);
  const [geprobeerd, setGeprobeerd] = useState(false);
  const [serverFouten, setServerFouten] = useState<Partial<Record<Veld, string>>>({});
  const uitkomstKop = useRef<HTMLHeadingElement>(null);
  // A new standard key is signed in at once in this tab (the store "Controleren en onthouden" uses), so the
  // dashboard in this tab uses it without pasting it again; the outcome says so (NieuweSleutel).
  const tab = useSleutel();
  const aanvraag = useMutation({
    mutationFn: vraagSleutelAan,
    onSuccess: (antwoord) => {
      setServerFouten({});
      if (antwoord.sleutel) tab.bewaar(antwoord.sleutel);
    },
    onError: (e) => {
      // The server's reasons per field (400 invalid_parameter, in: body) go to the fields as well.
      const f: Partial<Record<Veld, string>> = {};
      if (e instanceof ApiProblem) for (const p of e.invalidParams) if ((VOLGORDE as string[]).includes(p.name)) f[p.name as Veld] ??= p.reason;
      setServerFouten(f);
    },
  });

  const fouten = geprobeerd ? { ...serverFouten, ...controleer(invoer) } : serverFouten;
  const zet = (veld: keyof AanvraagInvoer, waarde: string) => {
    setInvoer((i) => ({ ...i, [veld]: waarde }));
    setServerFouten(({ [veld as Veld]: _weg, ...rest }) => rest);
  };

  // After a request: the outcome's heading gets focus (keyboard and screen-reader users land on it).
  useEffect(() => {
    if (aanvraag.isSuccess) uitkomstKop.current?.focus();
  }, [aanvraag.isSuccess]);

  const verstuur = (e: FormEvent) => {
    e.preventDefault();
    setGeprobeerd(true);
    const f = controleer(invoer);
    const eerste = VOLGORDE.find((v) => f[v]);
    if (eerste) {
      document.getElementById(veldId(eerste))?.focus();
      return;
    }
    setServerFouten({});
    aanvraag.mutate(aanvraagBody(invoer));
  };

  const opnieuw = () => {
    aanvraag.reset();
    setInvoer(LEEG);
    setGeprobeerd(false);
  };

  const aantalFouten = VOLGORDE.filter((v) => fouten[v]).length;
  const gebruikLengte = invoer.gebruik.trim().length;

  return (
    <div className="aanvraag">
      <div aria-live="polite" className="aanvraag__live">
        {aanvraag.isPending && (
          <p className="bezig" role="status">
            Aanvraag wordt verstuurd…
          </p>
        )}
        {aanvraag.data && <Uitkomst antwoord={aanvraag.data} kopRef={uitkomstKop} opnieuw={opnieuw} />}
      </div>
      <ProbleemMelding fout={aanvraag.error} context="Aanvraag niet gelukt" />

      {!aanvraag.data && (
        <form className="formulier" noValidate onSubmit={verstuur} aria-labelledby="aanvragen-kop">
          {geprobeerd && aantalFouten > 0 && (
            <p className="veld__fout" role="alert" data-testid="formulier-fouten">
              Controleer {aantalFouten === 1 ? 'het gemarkeerde veld' : `de ${aantalFouten} gemarkeerde velden`}.
            </p>
          )}
          <VeldBlok veld="naam" label="Naam" fout={fouten.naam}>
            {(aria) => (
              <input
                {...aria}
                name="naam"
                type="text"
                autoComplete="name"
                required
                minLength={LENGTES.naam.min}
                maxLength={LENGTES.naam.max}
                value={invoer.naam}
                onChange={(e) => zet('naam', e.target.value)}
              />
            )}
          </VeldBlok>
          <VeldBlok veld="email" label="E-mailadres" fout={fouten.email}>
            {(aria) => (
              <input
                {...aria}
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                maxLength={LENGTES.email.max}
                value={invoer.email}
                onChange={(e) => zet('email', e.target.value)}
              />
            )}
          </VeldBlok>
          <VeldBlok veld="organisatie" label="Organisatie" fout={fouten.organisatie}>
            {(aria) => (
              <input
                {...aria}
                name="organisatie"
                type="text"
                autoComplete="organization"
                maxLength={LENGTES.organisatie.max}
                value={invoer.organisatie}
                onChange={(e) => zet('organisatie', e.target.value)}
              />
            )}
          </VeldBlok>
          <VeldBlok
            veld="gebruik"
            label="Beoogd gebruik"
            fout={fouten.gebruik}
            extra={
              <span className="veld__teller">
                {' '}
                ({gebruikLengte} van {LENGTES.gebruik.max} tekens)
              </span>
            }
          >
            {(aria) => (
              <textarea
                {...aria}
                name="gebruik"
                rows={4}
                required
                minLength={LENGTES.gebruik.min}
                maxLength={LENGTES.gebruik.max}
                value={invoer.gebruik}
                onChange={(e) => zet('gebruik', e.target.value)}
              />
            )}
          </VeldBlok>
          <fieldset
            className={`veld veld--keuze${fouten.tier ? ' veld--fout' : ''}`}
            aria-describedby={fouten.tier ? 'aanvraag-tier-fout' : undefined}
          >
            <legend>Gewenste tier</legend>
            {(['standard', 'enterprise'] as const).map((t) => (
              <div className="keuze" key={t}>
                <input
                  type="radio"
                  id={`aanvraag-tier-${t}`}
                  name="tier"
                  value={t}
                  checked={invoer.tier === t}
                  onChange={() => zet('tier', t)}
                  aria-describedby={`aanvraag-tier-${t}-uitleg`}
                />
                <label htmlFor={`aanvraag-tier-${t}`}>
                  <strong>{TIER_KEUZE[t]}</strong>
                  <span id={`aanvraag-tier-${t}-uitleg`} className="keuze__uitleg">
                    {TIER_REGELS[t].omschrijving}
                  </span>
                </label>
              </div>
            ))}
            {fouten.tier && (
              <p id="aanvraag-tier-fout" className="veld__fout">
                {fouten.tier}
              </p>
            )}
          </fieldset>
          <p className="zacht">
            Uw naam, e-mailadres, organisatie en beoogd gebruik worden bij de sleutel bewaard, zodat de beheerder weet van wie een
            sleutel is. Het aantal aanvragen per uur per adres is beperkt.
          </p>
          <div className="knoppen">
            <button type="submit" className="knop" disabled={!gehydrateerd || aanvraag.isPending}>
              Sleutel aanvragen
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/** The outcome of a request: the key (standard) or the queued request (enterprise). */
function Uitkomst({ antwoord, kopRef, opnieuw }: { antwoord: AanvraagAntwoord; kopRef: RefObject<HTMLHeadingElement | null>; opnieuw: () => void }) {
  return (
    <div className="resultaat" data-testid="aanvraag-uitkomst">
      {antwoord.sleutel ? (
        <>
          <h3 ref={kopRef} tabIndex={-1}>
            Uw sleutel is uitgegeven
          </h3>
          <NieuweSleutel sleutel={antwoord.sleutel} prefix={antwoord.prefix} />
        </>
      ) : (
        <>
          <h3 ref={kopRef} tabIndex={-1}>
            Uw aanvraag voor enterprise staat in de wachtrij
          </h3>
          <dl className="feiten">
            <dt>Aanvraagnummer</dt>
            <dd data-testid="aanvraag-id">{antwoord.aanvraag_id}</dd>
            <dt>Status</dt>
            <dd>in behandeling</dd>
          </dl>
          <h4>Wat gebeurt er nu?</h4>
          <ol>
            <li>Een beheerder beoordeelt uw aanvraag (naam, organisatie en beoogd gebruik).</li>
            <li>Na goedkeuring maakt de beheerder uw enterprise-sleutel aan, met een limiet per uur die bij uw gebruik past.</li>
            <li>U krijgt de sleutel van de beheerder; vermeld aanvraagnummer {antwoord.aanvraag_id} als u contact opneemt.</li>
          </ol>
          <p className="zacht">{antwoord.uitleg}</p>
          <p>
            Tot dan kunt u de API zonder sleutel gebruiken (free_preview), of direct een standard-sleutel aanvragen.
          </p>
        </>
      )}
      <p>
        <button type="button" className="knop knop--rand" onClick={opnieuw}>
          {antwoord.sleutel ? 'Sleutel bewaard: nieuwe aanvraag' : 'Nog een sleutel aanvragen'}
        </button>
      </p>
    </div>
  );
}
