// /dashboard/radar: consolidators, target signals and market movement over a chosen range (components/dashboard/radar).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Radar } from '@/components/dashboard/radar/radar';
import { Laden } from '@/components/dashboard/toestand';

export const metadata: Metadata = { title: 'Consolidatieradar' };

export default function RadarPage() {
  return (
    <Suspense fallback={<Laden hoogte="22rem" />}>
      <Radar />
    </Suspense>
  );
}
