// /dashboard/holdings: the ranking of the hoofdholdingen (components/dashboard/holdings).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { HoldingsWeergave } from '@/components/dashboard/holdings/holdings';
import { Laden } from '@/components/dashboard/toestand';

export const metadata: Metadata = { title: 'Holdings' };

export default function HoldingsPage() {
  return (
    <Suspense fallback={<Laden regels={8} />}>
      <HoldingsWeergave />
    </Suspense>
  );
}
