// Shows an API problem as the API tells it: title, detail and every invalid parameter.
import { ApiProblem } from '@/lib/client/api';

/** A red message box for a failed call; nothing when there is no error. */
export function ProblemBox({ error, context }: { error: unknown; context: string }) {
  if (!error) return null;
  const p = error instanceof ApiProblem ? error : new ApiProblem(0, 'Onverwachte fout', String(error), null);
  return (
    <div className="probleem" role="alert">
      <strong>
        {context}: {p.title}
        {p.status ? ` (${p.status})` : ''}
      </strong>
      <p>{p.detail}</p>
      {p.invalidParams.length > 0 && (
        <ul>
          {p.invalidParams.map((ip) => (
            <li key={`${ip.in}-${ip.name}`}>
              <code>{ip.name}</code>: {ip.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
