'use client';
// The print line of /status: the moment the status shown was taken (from the status table's own answer).
import { Afdrukregel, useUitCache } from '@/components/site/afdrukregel';

export function AfdrukregelStatus() {
  const bijgewerkt = useUitCache<{ bijgewerkt_op?: string }, string | undefined>(['bronnen-status'], (d) => d.bijgewerkt_op);
  const tekst = bijgewerkt
    ? new Date(bijgewerkt).toLocaleString('nl-NL', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Amsterdam' })
    : undefined;
  return <Afdrukregel datum={tekst ? `status van ${tekst}` : undefined} />;
}
