// /dashboard/kansmodel: the top consolidation-probability scores with their factor contributions (components/dashboard/kansmodel).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Kansmodel } from '@/components/dashboard/kansmodel/kansmodel';
import { Laden } from '@/components/dashboard/toestand';

export const metadata: Metadata = { title: 'Kansmodel' };

export default function KansmodelPage() {
  return (
    <Suspense fallback={<Laden hoogte="30rem" />}>
      <Kansmodel />
    </Suspense>
  );
}
