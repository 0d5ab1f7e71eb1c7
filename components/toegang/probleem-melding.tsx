// An API problem on the key page as the API tells it: title, status, detail, the invalid fields (with their
// Dutch labels) and, for 429, when to try again (Retry-After).
import { ApiProblem } from '@/lib/client/api';
import { ToegangProbleem, wachttijd } from './api';

const VELDNAMEN: Record<string, string> = {
  naam: 'Naam',
  email: 'E-mailadres',
  organisatie: 'Organisatie',
  gebruik: 'Beoogd gebruik',
  tier: 'Tier',
};

/** A red message box (role alert) for a failed call; nothing without an error. */
export function ProbleemMelding({ fout, context }: { fout: unknown; context: string }) {
  if (!fout) return null;
  const p = fout instanceof ApiProblem ? fout : new ApiProblem(0, 'Onverwachte fout', String(fout), null);
  const retryAfter = fout instanceof ToegangProbleem ? fout.retryAfter : null;
  return (
    <div className="probleem" role="alert" data-testid="probleem">
      <strong>
        {context}: {p.title}
        {p.status ? ` (${p.status})` : ''}
      </strong>
      <p>{p.detail}</p>
      {p.invalidParams.length > 0 && (
        <ul>
          {p.invalidParams.map((ip, i) => (
            <li key={`${ip.in}-${ip.name}-${i}`}>
              {VELDNAMEN[ip.name] ?? <code>{ip.name}</code>}: {ip.reason}
            </li>
          ))}
        </ul>
      )}
      {retryAfter !== null && (
        <p data-testid="retry-after">
          Probeer het over {wachttijd(retryAfter)} opnieuw (Retry-After: {retryAfter} s).
        </p>
      )}
    </div>
  );
}
