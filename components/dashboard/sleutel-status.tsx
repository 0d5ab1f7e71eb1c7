'use client';
// Who is looking: without a key the free preview (latest year, no CSV), with one its tier; a link to the
// key page either way. Below it the request budget: what is left when it runs low, one notice when it is used up.
import Link from 'next/link';
import { useSleutel, useSleutelInfo } from '@/components/toegang/use-sleutel';
import { PREVIEW_MAANDEN, TIER_REGELS } from '@/lib/access/tiers';
import { useBudget, type Budget } from '@/lib/client/budget';
import { BudgetOp, BudgetRest, budgetTitel } from './budget';

/**
 * What the free preview allows, as the banner says it: the history from the tier declaration, the hourly limit
 * the API last reported for a request without a key (a server may be set lower), else the declared one.
 */
export function previewVoorwaarden(budget: Budget | null): string {
  const limiet = budget && !budget.metSleutel && budget.limiet > 0 ? budget.limiet : TIER_REGELS.free_preview.limiet_per_uur;
  const periode = PREVIEW_MAANDEN === 12 ? 'laatste jaar' : `laatste ${PREVIEW_MAANDEN} maanden`;
  return `${periode}, ${limiet.toLocaleString('nl-NL')} ${limiet === 1 ? 'verzoek' : 'verzoeken'} per uur`;
}

export function SleutelStatus() {
  const { sleutel, gelezen } = useSleutel();
  const info = useSleutelInfo(sleutel);
  const budget = useBudget();
  if (!gelezen) return null;
  if (!sleutel || info.isError) {
    return (
      <>
        <p className="sleutel-status" data-testid="sleutel-status" title={budget && !budget.metSleutel ? budgetTitel(budget) : undefined}>
          Zonder sleutel: <strong>free preview</strong> ({previewVoorwaarden(budget)}). Volledige historie en export (CSV, PNG, SVG) vragen
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
