'use client';
// Finding a vestiging by what a user knows of it: part of the organisation's name (GET /relaties/zoeken,
// which searches names; then the organisation's vestigingen with GET /vestigingen?kvk_nummer=), its KvK
// number or postcode (GET /vestigingen filters on both), or its vestiging_id. A search field and a list of
// buttons below it: everything by keyboard (Tab to a result, Enter to choose). Used by the benchmark and
// the watch list.
import { useId, useState } from 'react';
import { useVertraagd } from '@/components/use-vertraagd';
import { huisnummerTekst } from '@/lib/monitor/vestiging-api';
import type { RelatieEntiteit } from '@/lib/monitor/relaties';
import { useMonitor } from '../use-monitor';
import { Fout } from '../toestand';
import { getal } from '../opmaak';

/** The fields of a vestiging this search shows (a subset of GET /vestigingen's items). */
export interface VestigingKort {
  vestiging_id: string;
  naam?: string;
  kvk_nummer?: string;
  postcode?: string | null;
  huisnummer?: number | null;
  huisnummer_toevoeging?: string | null;
  plaats?: string | null;
  actief?: boolean;
}

/** One entity of GET /relaties/zoeken. */
export type ZoekEntiteit = RelatieEntiteit;

export const VESTIGING_ID = /^V[A-Z2-7]{10}$/;
const KVK = /^\d{8}$/;
const POSTCODE = /^\d{4}\s?[A-Za-z]{2}$/;

export type Zoeksoort = 'leeg' | 'kort' | 'id' | 'kvk' | 'postcode' | 'naam';

/** What kind of search term `q` is (trimmed). */
export function zoeksoort(q: string): Zoeksoort {
  if (!q) return 'leeg';
  if (VESTIGING_ID.test(q.toUpperCase()) && /^v/i.test(q)) return 'id';
  if (KVK.test(q)) return 'kvk';
  if (POSTCODE.test(q)) return 'postcode';
  return q.length < 2 ? 'kort' : 'naam';
}

/** "1234 AB" as the monitor writes postcodes. */
export const normaalPostcode = (q: string) => q.replace(/\s+/g, '').toUpperCase().replace(/^(\d{4})([A-Z]{2})$/, '$1 $2');

export const adresVan = (v: VestigingKort) => [[v.postcode, huisnummerTekst(v)].filter(Boolean).join(' '), v.plaats].filter(Boolean).join(', ');

function VestigingKnoppen({ vestigingen, onKies, knop }: { vestigingen: VestigingKort[]; onKies: (v: VestigingKort) => void; knop: string }) {
  if (!vestigingen.length) return <p className="zacht">Geen vestigingen gevonden.</p>;
  return (
    <ul className="zoeker__lijst">
      {vestigingen.map((v) => (
        <li key={v.vestiging_id}>
          <button type="button" className="zoeker__optie" onClick={() => onKies(v)} data-vestiging={v.vestiging_id}>
            <span className="zoeker__actie">{knop}</span>
            <strong>{v.naam ?? v.vestiging_id}</strong>
            <span className="zacht">
              {' '}
              {adresVan(v)} · {v.vestiging_id}
              {v.actief === false ? ' · beëindigd' : ''}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function VestigingZoeker({
  label = 'Vestiging zoeken',
  knop = 'Kies',
  onKies,
  onKiesHolding,
  wisNaKeuze = true,
}: {
  label?: string;
  /** The text on every result button (e.g. "Kies", "Volg"). */
  knop?: string;
  onKies: (v: VestigingKort) => void;
  /** When given, organisations with a LEI and subsidiaries can be chosen as a holding too. */
  onKiesHolding?: (e: ZoekEntiteit) => void;
  /** Empty the field after a choice (false: keep the results, to choose several). */
  wisNaKeuze?: boolean;
}) {
  const id = useId();
  const [tekst, setTekst] = useState('');
  const q = useVertraagd(tekst.trim(), 300);
  const soort = zoeksoort(q);
  // The organisation opened in the result list, for the search term it was found with.
  const [open, setOpen] = useState<{ q: string; e: ZoekEntiteit } | null>(null);
  const org = open && open.q === q ? open.e : null;
  const kies = (v: VestigingKort) => {
    onKies(v);
    if (wisNaKeuze) setTekst('');
  };

  const namen = useMonitor<{ totaal: number; entiteiten: ZoekEntiteit[] }>('/relaties/zoeken', { q, rijen: 30 }, { enabled: soort === 'naam' });
  const direct = useMonitor<{ totaal: number; vestigingen: VestigingKort[] }>(
    '/vestigingen',
    soort === 'kvk' ? { kvk_nummer: q, rijen: 20 } : { postcode: soort === 'postcode' ? normaalPostcode(q) : '', rijen: 20 },
    { enabled: soort === 'kvk' || soort === 'postcode' },
  );
  const vanOrg = useMonitor<{ totaal: number; vestigingen: VestigingKort[] }>('/vestigingen', { kvk_nummer: org?.kvk_nummer, rijen: 50 }, { enabled: !!org?.kvk_nummer });

  const organisaties = (namen.data?.data.entiteiten ?? []).filter((e) => (e.kvk_nummer && e.aantal_vestigingen_actief > 0) || (onKiesHolding && e.lei && e.inkomend > 0));

  return (
    <div className="zoeker" role="search">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={tekst}
        onChange={(e) => setTekst(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-uitleg`}
        aria-controls={`${id}-resultaten`}
      />
      <p id={`${id}-uitleg`} className="zacht zoeker__uitleg">
        Deel van de naam (minstens 2 tekens), een KvK-nummer, een postcode of een vestiging_id.
      </p>
      <div id={`${id}-resultaten`} className="zoeker__resultaten" aria-live="polite" data-testid="zoekresultaten">
        {soort === 'kort' && <p className="zacht">Typ minstens 2 tekens.</p>}
        {soort === 'id' && <VestigingKnoppen vestigingen={[{ vestiging_id: q.toUpperCase() }]} onKies={kies} knop={knop} />}
        {(soort === 'kvk' || soort === 'postcode') &&
          (direct.isError ? (
            <Fout fout={direct.error} opnieuw={() => void direct.refetch()} />
          ) : direct.data ? (
            <VestigingKnoppen vestigingen={direct.data.data.vestigingen} onKies={kies} knop={knop} />
          ) : (
            <p className="zacht">Zoeken…</p>
          ))}
        {soort === 'naam' &&
          (namen.isError ? (
            <Fout fout={namen.error} opnieuw={() => void namen.refetch()} />
          ) : !namen.data ? (
            <p className="zacht">Zoeken…</p>
          ) : organisaties.length === 0 ? (
            <p className="zacht">Geen organisatie met vestigingen gevonden voor &ldquo;{q}&rdquo;.</p>
          ) : (
            <>
              <p className="zacht">
                {getal(organisaties.length)} organisatie{organisaties.length === 1 ? '' : 's'} gevonden; kies er een voor haar vestigingen.
              </p>
              <ul className="zoeker__lijst">
                {organisaties.map((e) => {
                  const isOpen = org?.instelling_id === e.instelling_id;
                  return (
                    <li key={e.instelling_id}>
                      <div className="zoeker__org">
                        {e.kvk_nummer && e.aantal_vestigingen_actief > 0 ? (
                          <button type="button" className="zoeker__optie" aria-expanded={isOpen} onClick={() => setOpen(isOpen ? null : { q, e })}>
                            <strong>{e.naam}</strong>
                            <span className="zacht">
                              {' '}
                              KvK {e.kvk_nummer} · {getal(e.aantal_vestigingen_actief)} actieve vestiging{e.aantal_vestigingen_actief === 1 ? '' : 'en'}
                            </span>
                          </button>
                        ) : (
                          <span className="zoeker__naam">
                            <strong>{e.naam}</strong>
                            <span className="zacht">
                              {' '}
                              LEI {e.lei} · {getal(e.inkomend)} dochter{e.inkomend === 1 ? '' : 's'}
                            </span>
                          </span>
                        )}
                        {onKiesHolding && e.lei && e.inkomend > 0 && (
                          <button type="button" className="knop knop--rand knop--klein" aria-label={`${knop} ${e.naam} als holding`} onClick={() => onKiesHolding(e)}>
                            {knop} als holding
                          </button>
                        )}
                      </div>
                      {isOpen &&
                        (vanOrg.isError ? (
                          <Fout fout={vanOrg.error} opnieuw={() => void vanOrg.refetch()} />
                        ) : vanOrg.data && !vanOrg.isPlaceholderData ? (
                          <VestigingKnoppen vestigingen={vanOrg.data.data.vestigingen} onKies={kies} knop={knop} />
                        ) : (
                          <p className="zacht">Vestigingen laden…</p>
                        ))}
                    </li>
                  );
                })}
              </ul>
            </>
          ))}
      </div>
    </div>
  );
}
