'use client';
// Who is looking: without a key the free preview (latest year, no CSV), with one its tier; a link to the
// key page either way. Below it the request budget: what is left when it runs low, one notice when it is used up.
import Link from 'next/link';
import { useSleutel, useSleutelInfo } from '@/components/toegang/use-sleutel';
import { useBudget } from '@/lib/client/budget';
import { BudgetOp, BudgetRest, budgetTitel } from './budget';

export function SleutelStatus() {
  const { sleutel, gelezen } = useSleutel();
  const info = useSleutelInfo(sleutel);
  const budget = useBudget();
  if (!gelezen) return null;
  if (!sleutel || info.isError) {
    return (
      <>
        <p className="sleutel-status" data-testid="sleutel-status" title={budget && !budget.metSleutel ? budgetTitel(budget) : undefined}>
          Zonder sleutel: <strong>free preview</strong> (laatste jaar, 60 verzoeken per uur). Volledige historie en export (CSV, PNG, SVG) vragen
          een sleutel: <Link href="/sleutel">API-sleutel aanvragen</Link> of <Link href="/sleutel#mijn-sleutel">aanmelden met uw sleutel</Link>.{' '}
          <BudgetRest />
        </p>
        <BudgetOp />
      </>
    );
  }
  return (
    <>
      <p className="sleutel-status" data-testid="sleutel-status">
        Aangemeld met <code>{info.data?.prefix ?? sleutel.slice(0, 15)}…</code>
        {info.data ? (
          <>
            {' '}
            (<strong>{info.data.tier}</strong>, {info.data.limiet_per_uur.toLocaleString('nl-NL')} verzoeken per uur)
          </>
        ) : null}
        . <Link href="/sleutel">Sleutel beheren</Link>
      </p>
      <BudgetOp />
    </>
  );
}
