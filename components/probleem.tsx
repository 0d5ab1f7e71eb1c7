// An API problem as the API tells it (RFC 7807): title, status, detail and every invalid parameter, in a red
// box (role alert); nothing without an error. Shared by the dashboard, the key page and the report upload,
// which choose what they add: a context before the title, Dutch labels for the invalid fields, when to try
// again (Retry-After), a link to a key when the tier is too low, a retry button. A used-up request budget
// (429 with Retry-After) is the dashboard's notice instead (components/dashboard/budget.tsx): minutes rounded
// up, a link to /sleutel, no retry button.
import type { ReactNode } from 'react';
import { TeVeelVerzoeken } from '@/components/dashboard/budget';
import { ApiProblem, isBudgetOp } from '@/lib/client/api';
import { wachttijd } from './toegang/api';

export function Probleem({
  fout,
  context,
  testid,
  veldnamen,
  retryAfter = null,
  tierHint = false,
  opnieuw,
}: {
  fout: unknown;
  /** What failed, before the problem's title ("Aanvraag niet gelukt: …"). */
  context?: string;
  testid?: string;
  /** Labels of invalid parameters by name; a name without one is shown as code. */
  veldnamen?: Record<string, string>;
  /** Seconds of the answer's Retry-After (429): a line that says when to try again. */
  retryAfter?: number | null;
  /** For forbidden_tier: where to get a key. */
  tierHint?: boolean;
  /** A button that tries again. */
  opnieuw?: () => void;
}) {
  if (!fout) return null;
  const p = fout instanceof ApiProblem ? fout : new ApiProblem(0, 'Onverwachte fout', String(fout), null);
  if (isBudgetOp(p) && p.retryAfter !== null) return <TeVeelVerzoeken fout={p} context={context} />;
  const veld = (naam: string): ReactNode => veldnamen?.[naam] ?? <code>{naam}</code>;
  return (
    <div className="probleem" role="alert" data-testid={testid}>
      <strong>
        {context ? `${context}: ` : ''}
        {p.title}
        {p.status ? ` (${p.status})` : ''}
      </strong>
      <p>{p.detail}</p>
      {p.invalidParams.length > 0 && (
        <ul>
          {p.invalidParams.map((ip, i) => (
            <li key={`${ip.in}-${ip.name}-${i}`}>
              {veld(ip.name)}: {ip.reason}
            </li>
          ))}
        </ul>
      )}
      {retryAfter !== null && (
        <p data-testid="retry-after">
          Probeer het over {wachttijd(retryAfter)} opnieuw (Retry-After: {retryAfter} s).
        </p>
      )}
      {tierHint && p.errorCode === 'forbidden_tier' && (
        <p>
          <a href="/sleutel">Vraag een sleutel aan</a> of meld u aan met uw sleutel.
        </p>
      )}
      {opnieuw && (
        <button type="button" className="knop knop--rand knop--klein" onClick={opnieuw}>
          Opnieuw proberen
        </button>
      )}
    </div>
  );
}
