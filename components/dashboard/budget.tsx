'use client';
// The free preview's request budget in the dashboard (lib/client/budget.ts holds what the API last said):
// a compact "Nog N van 60 verzoeken dit uur" when a quarter or less is left, one notice for the whole page
// once it is used up (minutes until the window ends, a link to /sleutel), and in each panel that could not
// load only a quiet line instead of a red box, with a retry once the window has ended. Outside the dashboard
// (the key page, the report upload) a 429 gets the same notice (TeVeelVerzoeken, through components/probleem.tsx).
import { useEffect, useRef, useState } from 'react';
import type { ApiProblem } from '@/lib/client/api';
import { laag, minutenTekst, secondenTot, uitgeput, useBudget, type Budget } from '@/lib/client/budget';

/** Renders again every `ms` while `aan` (for texts with minutes that pass). */
function useKlok(aan: boolean, ms = 15_000): number {
  const [nu, zet] = useState(() => Date.now());
  useEffect(() => {
    if (!aan) return;
    zet(Date.now());
    const t = setInterval(() => zet(Date.now()), ms);
    return () => clearInterval(t);
  }, [aan, ms]);
  return nu;
}

/** The tooltip with the numbers, whenever the API has reported them. */
export function budgetTitel(b: Budget, nu = Date.now()): string {
  return `Nog ${b.resterend} van ${b.limiet} verzoeken dit uur; over ${minutenTekst(secondenTot(b, nu))} begint een nieuw uur.`;
}

/** "Nog N van 60 verzoeken dit uur" when the free preview's budget runs low (nothing otherwise). */
export function BudgetRest() {
  const b = useBudget();
  const nu = useKlok(!!b);
  if (!b || b.metSleutel || !laag(b, nu) || uitgeput(b, nu)) return null;
  return (
    <span className="budget-rest" data-testid="budget-rest" title={budgetTitel(b, nu)}>
      Nog {b.resterend} van {b.limiet} verzoeken dit uur
    </span>
  );
}

/** One notice for the whole page while the budget is used up. */
export function BudgetOp() {
  const b = useBudget();
  const nu = useKlok(uitgeput(b));
  if (!b || !uitgeput(b, nu)) return null;
  return <BudgetOpMelding budget={b} nu={nu} />;
}

/**
 * The notice itself: minutes until the window ends (rounded up) and, without a key, a link to /sleutel.
 * `oorzaak` replaces the first sentence where the limit is another than the free preview's.
 */
export function BudgetOpMelding({ budget: b, nu, oorzaak }: { budget: Budget; nu: number; oorzaak?: string }) {
  const minuten = minutenTekst(secondenTot(b, nu));
  return (
    <div className="budget-op" role="status" data-testid="budget-op" title={oorzaak ? undefined : budgetTitel(b, nu)}>
      {b.metSleutel ? (
        <p>
          De limiet van {b.limiet.toLocaleString('nl-NL')} verzoeken per uur van uw sleutel is bereikt. Over {minuten} kunt u verder.
        </p>
      ) : (
        <p>
          {oorzaak ?? `De gratis proefperiode van ${b.limiet} verzoeken per uur is op.`} Over {minuten} kunt u verder, of vraag een gratis sleutel aan op{' '}
          <a href="/sleutel">/sleutel</a>.
        </p>
      )}
    </div>
  );
}

/**
 * A 429 outside the dashboard (the key page, the report upload): the same notice, counted from the answer's
 * Retry-After, with no retry button; once the wait is over, a line that says the form can be sent again.
 */
export function TeVeelVerzoeken({ fout, context }: { fout: ApiProblem; context?: string }) {
  const resetOp = fout.ontvangenOp + (fout.retryAfter ?? 0) * 1000;
  const nu = useKlok(true);
  const oorzaak = `${context ? `${context}: ` : ''}${fout.title}.`;
  if (nu >= resetOp) {
    return (
      <div className="budget-op" role="status" data-testid="budget-weer-vrij">
        <p>{oorzaak} Er zijn weer verzoeken vrij: u kunt het opnieuw proberen.</p>
      </div>
    );
  }
  return <BudgetOpMelding budget={{ limiet: 0, resterend: 0, resetOp, metSleutel: false }} nu={nu} oorzaak={oorzaak} />;
}

/**
 * In a panel whose request hit the limit: a quiet line (the page's notice says why and how long); once the
 * window has ended the panel asks again by itself, and a button is there if that fails otherwise.
 */
export function WachtOpBudget({ opnieuw, context }: { opnieuw?: () => void; context?: string }) {
  const b = useBudget();
  const op = uitgeput(b);
  const was = useRef(op);
  useEffect(() => {
    if (was.current && !op) opnieuw?.();
    was.current = op;
  }, [op, opnieuw]);
  return <WachtRegel op={op} context={context} opnieuw={opnieuw} />;
}

/** The panel's line: while the budget is used up without a button, after the window with one. */
export function WachtRegel({ op, opnieuw, context }: { op: boolean; opnieuw?: () => void; context?: string }) {
  const zin = op ? 'niet geladen, de verzoeken van dit uur zijn op (zie de melding bovenaan).' : 'niet geladen, er zijn weer verzoeken vrij.';
  return (
    <div className="wacht-op-budget" data-testid="wacht-op-budget">
      <p>{context ? `${context}: ${zin}` : zin.charAt(0).toUpperCase() + zin.slice(1)}</p>
      {!op && opnieuw && (
        <button type="button" className="knop knop--rand knop--klein" onClick={opnieuw}>
          Opnieuw proberen
        </button>
      )}
    </div>
  );
}
