// /dashboard/benchmark: a peer group's distribution per metric and one vestiging's position in it
// (components/dashboard/benchmark).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Benchmark } from '@/components/dashboard/benchmark/benchmark';
import { Laden } from '@/components/dashboard/toestand';

export const metadata: Metadata = { title: 'Benchmark' };

export default function BenchmarkPage() {
  return (
    <Suspense fallback={<Laden regels={8} />}>
      <Benchmark />
    </Suspense>
  );
}
