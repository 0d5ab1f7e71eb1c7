'use client';
// How a dashboard panel looks while it waits, when it fails and when it is empty: a skeleton in the shape
// of what comes, the API's problem as it tells it (title, status, detail, the invalid parameters) with a
// retry (a used-up request budget: a quiet line, the page has the one notice), and a sentence that says what is not there and why.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Probleem } from '@/components/probleem';
import { isBudgetOp, type ApiProblem, type Envelop } from '@/lib/client/api';
import { WachtOpBudget } from './budget';

/** Grey bars in place of content that is loading (aria-busy for screen readers). */
export function Laden({ regels = 3, hoogte, label = 'Gegevens laden…' }: { regels?: number; hoogte?: string; label?: string }) {
  return (
    <div className="skelet" aria-busy="true" aria-live="polite" data-testid="laden">
      <span className="verborgen">{label}</span>
      {hoogte ? <div className="skelet__blok" style={{ height: hoogte }} /> : Array.from({ length: regels }, (_, i) => <div key={i} className="skelet__regel" />)}
    </div>
  );
}

/**
 * The problem the API answered (or the network failure), with a button to try again. A used-up request budget
 * is not this panel's problem: the page shows one notice for it (budget.tsx), the panel a quiet line.
 */
export function Fout({ fout, opnieuw, context }: { fout: unknown; opnieuw?: () => void; context?: string }) {
  if (isBudgetOp(fout)) return <WachtOpBudget opnieuw={opnieuw} context={context} />;
  return <Probleem fout={fout} opnieuw={opnieuw} context={context} testid="fout" tierHint />;
}

/** Nothing to show, and why. */
export function Leeg({ children }: { children: ReactNode }) {
  return (
    <p className="leeg" data-testid="leeg">
      {children}
    </p>
  );
}

/**
 * A query's three states in one place: skeleton, problem, or `children(data, envelop)`. While a new answer
 * loads over an old one, the old one stays, dimmed.
 */
export function Resultaat<T>({
  query,
  children,
  laden,
  context,
}: {
  query: UseQueryResult<Envelop<T>, ApiProblem>;
  children: (data: T, envelop: Envelop<T>) => ReactNode;
  laden?: ReactNode;
  context?: string;
}) {
  // A failed answer for new parameters: the problem alone, never the previous parameters' answer beside it.
  if (query.isError && (!query.data || query.isPlaceholderData)) return <Fout fout={query.error} opnieuw={() => void query.refetch()} context={context} />;
  if (!query.data) return <>{laden ?? <Laden />}</>;
  return (
    <div className={query.isPlaceholderData || query.isFetching ? 'ververst' : undefined} aria-busy={query.isFetching}>
      {query.isError && <Fout fout={query.error} opnieuw={() => void query.refetch()} context={context} />}
      {children(query.data.data, query.data)}
    </div>
  );
}
