// /dashboard/holdings/<LEI>: one hoofdholding's structure (components/dashboard/holdings/structuur.tsx).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { StructuurWeergave } from '@/components/dashboard/holdings/structuur';
import { Laden } from '@/components/dashboard/toestand';

export const metadata: Metadata = { title: 'Structuur' };

export default async function StructuurPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={<Laden regels={8} />}>
      <StructuurWeergave id={id} />
    </Suspense>
  );
}
