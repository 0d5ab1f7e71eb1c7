// /dashboard/volglijst: the watch list and the alert timeline of a key holder (components/dashboard/volglijst).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Volglijst } from '@/components/dashboard/volglijst/volglijst';
import { Laden } from '@/components/dashboard/toestand';

export const metadata: Metadata = { title: 'Volglijst en alerts' };

export default function VolglijstPage() {
  return (
    <Suspense fallback={<Laden regels={8} />}>
      <Volglijst />
    </Suspense>
  );
}
