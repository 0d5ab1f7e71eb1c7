// /dashboard/hypotheek: the mortgage segment, its stock per year, cohorts, spread and concentration (components/dashboard/hypotheek).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Hypotheek } from '@/components/dashboard/hypotheek/hypotheek';
import { Laden } from '@/components/dashboard/toestand';

export const metadata: Metadata = { title: 'Hypotheeksegment' };

export default function HypotheekPage() {
  return (
    <Suspense fallback={<Laden hoogte="30rem" />}>
      <Hypotheek />
    </Suspense>
  );
}
