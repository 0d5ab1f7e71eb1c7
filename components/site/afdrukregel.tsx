'use client';
// The line a printed page carries (shown only in print, see .afdrukregel in app/globals.css): the page's
// address, with the choices in its query string, and the date of the data shown. The address is read when
// the page's address changes and again just before printing. Every page that has it also prints its folded
// tables open (uitklappen.ts).
import { usePathname, useSearchParams } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useUitklappenBijAfdrukken } from './uitklappen';

export function Afdrukregel({ datum }: { datum: string | null | undefined }) {
  const pad = usePathname();
  const zoek = useSearchParams();
  const [adres, setAdres] = useState('');
  useUitklappenBijAfdrukken();
  useEffect(() => {
    const lees = () => setAdres(window.location.href);
    lees();
    window.addEventListener('beforeprint', lees);
    return () => window.removeEventListener('beforeprint', lees);
  }, [pad, zoek]);
  return (
    <p className="afdrukregel" data-testid="afdrukregel">
      Afgedrukt van {adres || pad} · Gegevens: {datum || 'datum onbekend'}
    </p>
  );
}

/** A value from the react-query cache under `sleutel` (no fetch of its own): what another component loaded. */
export function useUitCache<T, R>(sleutel: readonly unknown[], kies: (data: T) => R): R | undefined {
  const client = useQueryClient();
  const sleutelTekst = JSON.stringify(sleutel);
  const abonneer = useCallback((melding: () => void) => client.getQueryCache().subscribe(melding), [client]);
  const lees = () => {
    const data = client.getQueryData<T>(JSON.parse(sleutelTekst) as unknown[]);
    return data === undefined ? undefined : kies(data);
  };
  return useSyncExternalStore(abonneer, lees, () => undefined);
}
