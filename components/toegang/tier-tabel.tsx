// The table of tiers on the key page, read from TIER_REGELS (lib/access/tiers.ts): the one place the
// limits and rights are defined, so the page cannot drift from what the API enforces.
import { PREVIEW_MAANDEN, TIER_REGELS, TIERS, type Tier } from '@/lib/access/tiers';

const getal = (n: number) => n.toLocaleString('nl-NL');
const jaNee = (b: boolean) => (b ? 'ja' : 'nee');

function limiet(t: Tier): string {
  const n = getal(TIER_REGELS[t].limiet_per_uur);
  if (t === 'free_preview') return `${n} per IP-adres`;
  if (t === 'enterprise') return `${n} (standaard; eigen limiet per sleutel)`;
  return `${n} per sleutel`;
}

/** One row per tier: description, hourly limit on the monitor, history, CSV, webhooks and bulk export. */
export function TierTabel() {
  return (
    <div className="tabel-houder">
      <table className="tier-tabel">
        <caption className="verborgen">Tiers van de API: limieten en rechten</caption>
        <thead>
          <tr>
            <th scope="col">Tier</th>
            <th scope="col">Wat</th>
            <th scope="col">Verzoeken per uur (monitor)</th>
            <th scope="col">Historie</th>
            <th scope="col">CSV-export</th>
            <th scope="col">Webhooks en bulkexport</th>
          </tr>
        </thead>
        <tbody>
          {TIERS.map((t) => {
            const r = TIER_REGELS[t];
            return (
              <tr key={t} data-tier={t}>
                <th scope="row">
                  <code>{t}</code>
                </th>
                <td data-kop="Wat">{r.omschrijving}</td>
                <td data-kop="Verzoeken per uur (monitor)">{limiet(t)}</td>
                <td data-kop="Historie">{r.volledige_historie ? 'volledig' : `laatste ${PREVIEW_MAANDEN} maanden`}</td>
                <td data-kop="CSV-export">{jaNee(r.csv)}</td>
                <td data-kop="Webhooks en bulkexport">{jaNee(r.webhooks)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
