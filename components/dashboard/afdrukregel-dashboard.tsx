'use client';
// The print line of the dashboard: the date of the data is the peildatum of the dataset version shown (the
// newest on or before the chosen as-of date, else the newest).
import { Afdrukregel } from '@/components/site/afdrukregel';
import { useMonitor } from './use-monitor';
import { usePeildatum } from './use-url-staat';

export function AfdrukregelDashboard() {
  const peildatum = usePeildatum();
  const versies = useMonitor<{ versies: { peildatum: string }[] }>('/versies');
  const lijst = versies.data?.data.versies ?? [];
  const getoond = peildatum ? lijst.find((v) => v.peildatum <= peildatum) : lijst[0];
  return <Afdrukregel datum={getoond ? `stand op ${getoond.peildatum}` : undefined} />;
}
