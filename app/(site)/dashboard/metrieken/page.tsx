// /dashboard/metrieken: every key figure of the monitor with its series, formula, unit, scale and explanation (components/dashboard/metrieken).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Metrieken } from '@/components/dashboard/metrieken/metrieken';
import { Laden } from '@/components/dashboard/toestand';
import '@/components/dashboard/metrieken/metrieken.css';

export const metadata: Metadata = { title: 'Metrieken' };

export default function MetriekenPage() {
  return (
    <Suspense fallback={<Laden hoogte="40rem" />}>
      <Metrieken />
    </Suspense>
  );
}
