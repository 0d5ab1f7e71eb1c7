// /dashboard/netwerk: the busiest structures as a force graph per year (components/dashboard/netwerk).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { NetwerkWeergave } from '@/components/dashboard/netwerk/netwerk';
import { Laden } from '@/components/dashboard/toestand';

export const metadata: Metadata = { title: 'Netwerk' };

export default function NetwerkPage() {
  return (
    <Suspense fallback={<Laden hoogte="22rem" />}>
      <NetwerkWeergave />
    </Suspense>
  );
}
