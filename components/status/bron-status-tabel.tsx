'use client';
// The table of /status: one row per source from GET /v1/bronnen/status, refreshed every 15 seconds. A failing
// source's row is red AND says "Gestoord" in words; a replacement URL (replay server) is labelled in words.
import { useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/client/api';
import type { BronnenStatus } from '@/lib/services/catalogus/bron-status';

export const VERVERS_MS = 15_000;

type Bron = BronnenStatus['bronnen'][number];

const tijd = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('nl-NL', { timeZone: 'Europe/Amsterdam', dateStyle: 'short', timeStyle: 'medium' }) : '–';

const STATUS_TEKST: Record<Bron['status'], string> = { ok: 'In orde', gestoord: 'Gestoord', onbekend: 'Nog niet bevraagd' };

function Drift({ drift }: { drift: Bron['drift'] }) {
  const delen = [
    ['onbekend', drift.onbekende_velden],
    ['ontbrekend', drift.ontbrekende_velden],
    ['conversiefout', drift.conversiefouten],
  ] as const;
  const met = delen.filter(([, v]) => v.length);
  if (!met.length) return <span className="zacht">geen</span>;
  return (
    <>
      <span className="bronstatus__driftsom">
        {drift.aantal_24u.toLocaleString('nl-NL')}× in 24 u, laatst {tijd(drift.laatst_gezien)}
      </span>
      <ul className="bronstatus__drift">
        {met.map(([soort, velden]) => (
          <li key={soort}>
            {soort}: {velden.slice(0, 5).map((v) => `${v.veld} (${v.aantal}×, laatst ${tijd(v.laatst_gezien)})`).join(', ')}
            {velden.length > 5 ? ` en ${velden.length - 5} meer` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The status table, or a message while loading or when the API does not answer. */
export function BronStatusTabel() {
  const q = useQuery({
    queryKey: ['bronnen-status'],
    queryFn: () => apiData<BronnenStatus>('/v1/bronnen/status'),
    refetchInterval: VERVERS_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
  if (q.isPending) return <p role="status">Status laden…</p>;
  if (q.isError && !q.data) return <p className="probleem" role="alert">De status kon niet worden opgehaald: {q.error.message}</p>;
  const { bronnen, bijgewerkt_op } = q.data;
  const gestoord = bronnen.filter((b) => b.status === 'gestoord').length;
  return (
    <>
      <p role="status" aria-live="polite">
        {gestoord ? `${gestoord} van ${bronnen.length} bronnen gestoord.` : `Geen storingen bij ${bronnen.length} bronnen.`} Bijgewerkt{' '}
        {tijd(bijgewerkt_op)}; ververst elke 15 seconden.
      </p>
      <div className="tabel-houder">
        <table className="bronstatus">
          <caption className="verborgen">Status per bron</caption>
          <thead>
            <tr>
              <th scope="col">Bron</th>
              <th scope="col">Status</th>
              <th scope="col">Laatste succes</th>
              <th scope="col">Laatste fout</th>
              <th scope="col">Fouten 24 u</th>
              <th scope="col">p95 24 u</th>
              <th scope="col">Formaatafwijkingen 24 u</th>
            </tr>
          </thead>
          <tbody>
            {bronnen.map((b) => (
              <tr key={b.bron} id={`bron-${b.bron}`} data-bron={b.bron} data-status={b.status} className={`bronstatus__rij bronstatus__rij--${b.status}`}>
                <th scope="row">
                  {b.titel}
                  <br />
                  <code className="zacht">{b.bron}</code>
                  <span className="bronstatus__adres">
                    {b.vervangen ? <strong className="bronstatus__vervangen">Vervangen: </strong> : <span className="zacht">Echt: </span>}
                    <code className="bronstatus__url">{b.url_in_gebruik}</code>
                  </span>
                </th>
                <td>
                  <span className={`bronstatus__label bronstatus__label--${b.status}`}>{STATUS_TEKST[b.status]}</span>
                </td>
                <td>{tijd(b.laatste_succes)}</td>
                <td>{b.laatste_fout ? `${tijd(b.laatste_fout.tijd)} (${b.laatste_fout.soort})` : '–'}</td>
                <td>{b.foutpercentage_24u === null ? '–' : `${b.foutpercentage_24u.toLocaleString('nl-NL')}% van ${b.aantal_24u}`}</td>
                <td>{b.p95_ms_24u === null ? '–' : `${b.p95_ms_24u_open ? '>' : '≤'} ${b.p95_ms_24u.toLocaleString('nl-NL')} ms`}</td>
                <td>
                  <Drift drift={b.drift} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
