// /dashboard: the overview of the distribution monitor (components/dashboard/overzicht).
import { Suspense } from 'react';
import { Overzicht } from '@/components/dashboard/overzicht/overzicht';
import { Laden } from '@/components/dashboard/toestand';

export default function DashboardPage() {
  return (
    <Suspense fallback={<Laden regels={8} />}>
      <Overzicht />
    </Suspense>
  );
}
