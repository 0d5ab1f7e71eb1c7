// An API problem on the key page as the API tells it: title, status, detail, the invalid fields (with their
// Dutch labels) and, for 429, when to try again (Retry-After).
import { Probleem } from '@/components/probleem';
import { ToegangProbleem } from './api';

const VELDNAMEN: Record<string, string> = {
  naam: 'Naam',
  email: 'E-mailadres',
  organisatie: 'Organisatie',
  gebruik: 'Beoogd gebruik',
  tier: 'Tier',
};

/** A red message box (role alert) for a failed call; nothing without an error. */
export function ProbleemMelding({ fout, context }: { fout: unknown; context: string }) {
  const retryAfter = fout instanceof ToegangProbleem ? fout.retryAfter : null;
  return <Probleem fout={fout} context={context} testid="probleem" veldnamen={VELDNAMEN} retryAfter={retryAfter} />;
}
