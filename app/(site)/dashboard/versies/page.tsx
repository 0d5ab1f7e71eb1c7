// /dashboard/versies: every dataset_versie with its changelog, and the wijziging rows of one
// (components/dashboard/versies).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Versies } from '@/components/dashboard/versies/versies';
import { Laden } from '@/components/dashboard/toestand';

export const metadata: Metadata = { title: 'Versies en wijzigingen' };

export default function VersiesPage() {
  return (
    <Suspense fallback={<Laden regels={8} />}>
      <Versies />
    </Suspense>
  );
}
