// The frame of every dashboard view: title, the as-of date, who is looking (key or free preview), the tab
// bar. The views are client components reading /v1/distributiemonitor through react-query.
import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import { AfdrukregelDashboard } from '@/components/dashboard/afdrukregel-dashboard';
import { DashboardNav } from '@/components/dashboard/dashboard-nav';
import { PeildatumKiezer } from '@/components/dashboard/peildatum-kiezer';
import { SleutelStatus } from '@/components/dashboard/sleutel-status';
import './dashboard.css';
// Every view's styles with the frame: the tab bar prefetches the views, and a stylesheet per view would be
// preloaded on every other view without being used (a browser warning on each).
import '@/components/dashboard/grafieken/grafieken.css';
import '@/components/dashboard/netwerk/netwerk-holdings.css';
import '@/components/dashboard/benchmark/benchmark.css';
import '@/components/dashboard/benchmark/vestiging-zoeker.css';
import '@/components/dashboard/versies/versies.css';
import '@/components/dashboard/volglijst/volglijst.css';

export const metadata: Metadata = { title: { default: 'Dashboard distributiemonitor', template: '%s · Dashboard distributiemonitor' } };

export default function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <div className="dash">
      <div className="dash-kop">
        <div>
          <p className="label">Open data over financieel advies in Nederland</p>
          <h1>Dashboard distributiemonitor</h1>
        </div>
        <Suspense fallback={null}>
          <PeildatumKiezer />
        </Suspense>
      </div>
      <SleutelStatus />
      <Suspense fallback={<nav className="dash-tabs" aria-label="Weergaven van het dashboard" />}>
        <DashboardNav />
      </Suspense>
      <div className="dash-inhoud">{children}</div>
      <Suspense fallback={null}>
        <AfdrukregelDashboard />
      </Suspense>
    </div>
  );
}
