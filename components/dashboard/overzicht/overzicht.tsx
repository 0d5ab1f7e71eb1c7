'use client';
// The first view (GET /universum): how big the market is, how well the sources cover it, the peildatum per
// source, the version with its changelog, the key figures, and a way into every other view. With Stand op
// (?peildatum) every figure, date and changelog is that of the version on or before it, as the API answers it.
import Link from 'next/link';
import { KENGETALLEN, type Kengetal } from '@/lib/monitor/metrics/kengetallen';
import { Bronregel } from '../bronregel';
import { Tabel } from '../tabel';
import { Laden, Resultaat } from '../toestand';
import { useMonitor } from '../use-monitor';
import { usePeildatum } from '../use-url-staat';
import { WEERGAVEN } from '../weergaven';
import { ChangelogTabel } from '../changelog-tabel';
import { getal, procent } from '../opmaak';
import { bandVan, metriekAnker } from '../metrieken/metrieken';
import { KoppelingBalk, type KoppelDekking } from './koppeling';

export interface Universum {
  aantallen: Record<string, number>;
  dekking: {
    versie_id: number;
    peildatum: string;
    bronnen: { register: string; peildatum: string; voorbeelddata: boolean }[];
    vestigingen_actief: number;
    aandeel_met_lei_pct: number;
    aandeel_gebonden_pct: number;
    voorbeelddata: boolean;
  };
  /** How the active vestigingen are linked to GLEIF and DNB; null for a version made before links were recorded. */
  koppeling: { gleif: KoppelDekking; dnb: KoppelDekking } | null;
  /** The version this answer is of (with peildatum: the newest on or before it). */
  datasetversie: VersieKort;
  nieuwste_versie: VersieKort;
  aantal_versies: number;
  eerste_peildatum: string;
  kengetallen: Record<string, number>;
}

interface VersieKort {
  versie_id: number;
  peildatum: string;
  gepubliceerd_op: string;
  changelog: { tekst: string; per_type: Record<string, Record<string, number>>; totaal: number };
}

const REGISTERS: Record<string, string> = { fsp: 'AFM-register (Wft)', lei: 'GLEIF (LEI en relaties)', finreg: 'DNB-registers' };

const TELLERS: [string, string][] = [
  ['vestigingen_actief', 'Actieve vestigingen'],
  ['vestigingen', 'Vestigingen (ooit)'],
  ['holdings', 'Holdings'],
  ['hoofdholdingen', 'Hoofdholdingen'],
  ['samenwerkingsverbanden', 'Samenwerkingsverbanden'],
  ['vestigingen_met_lei', 'Vestigingen met LEI'],
];

/** A key figure's card on the metrics view, at the same as-of date. */
export const metriekHref = (naam: string, peildatum: string) =>
  `/dashboard/metrieken${peildatum ? `?peildatum=${peildatum}` : ''}#${metriekAnker(naam)}`;

/**
 * The unit or scale next to a key figure's value where it is short, from its declaration: "van 10.000" for a
 * bounded index (HHI), "jaar", "producten per vestiging"; nothing for counts and percentages (the % says it).
 */
export function eenheidNaast(k: Pick<Kengetal, 'eenheid' | 'schaal'>): string | null {
  if (k.eenheid === 'aantal' || k.eenheid === 'procent') return null;
  if (k.schaal.max !== null) return `van ${getal(k.schaal.max)}`;
  if (k.eenheid === 'jaren') return 'jaar';
  return k.eenheid.length <= 24 ? k.eenheid : null;
}

function Meter({ waarde, label }: { waarde: number; label: string }) {
  return (
    <div className="meter">
      <div className="meter__kop">
        <span>{label}</span>
        <strong>{procent(waarde)}</strong>
      </div>
      <div className="meter__balk" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={waarde} aria-label={label}>
        <span style={{ width: `${Math.min(100, Math.max(0, waarde))}%` }} />
      </div>
    </div>
  );
}

export function Overzicht() {
  const peildatum = usePeildatum();
  const q = useMonitor<Universum>('/universum', { peildatum });
  return (
    <Resultaat query={q} laden={<Laden regels={8} />} context="Overzicht">
      {(u, env) => (
        <div className="dash-stapel" data-testid="overzicht" data-versie={u.dekking.versie_id}>
          <section aria-labelledby="kop-omvang">
            <h2 id="kop-omvang">De markt op {u.dekking.peildatum}</h2>
            <div className="tellers">
              {TELLERS.filter(([k]) => k in u.aantallen).map(([k, titel]) => (
                <div key={k} className="teller" data-teller={k}>
                  <span className="teller__getal">{getal(u.aantallen[k])}</span>
                  <span className="teller__titel">{titel}</span>
                </div>
              ))}
            </div>
          </section>

          <div className="dash-twee">
            <section aria-labelledby="kop-dekking" className="paneel">
              <h2 id="kop-dekking">Dekking</h2>
              <Meter waarde={u.dekking.aandeel_met_lei_pct} label="Actieve vestigingen met LEI (eigendom bekend)" />
              <Meter waarde={u.dekking.aandeel_gebonden_pct} label="Actieve vestigingen onder een hoofdholding" />
              {u.koppeling && (
                <div className="koppelingen">
                  <h3 id="kop-koppeling">Koppeling van de actieve vestigingen</h3>
                  <KoppelingBalk doel="lei" titel="GLEIF (LEI)" dekking={u.koppeling.gleif} />
                  <KoppelingBalk doel="dnb" titel="DNB-register" dekking={u.koppeling.dnb} />
                  <p className="koppelingen__uitleg">
                    Eerst op KvK-nummer; waar dat ontbreekt op een unieke naam in dezelfde plaats. Zie de methodiek.
                  </p>
                </div>
              )}
              <Tabel bijschrift="Peildatum per bron" kolommen={['Bron', 'Peildatum', 'Soort']}>
                {u.dekking.bronnen.map((b) => (
                  <tr key={b.register}>
                    <td>{REGISTERS[b.register] ?? b.register}</td>
                    <td>{b.peildatum}</td>
                    <td>{b.voorbeelddata ? <span className="voorbeeld-label">Voorbeelddata</span> : 'Officiële export'}</td>
                  </tr>
                ))}
              </Tabel>
            </section>

            <section aria-labelledby="kop-versie" className="paneel">
              <h2 id="kop-versie">{u.datasetversie.versie_id === u.nieuwste_versie.versie_id ? 'Nieuwste versie' : 'Versie op de gekozen datum'}</h2>
              <p>
                Versie <strong>{u.datasetversie.versie_id}</strong> met peildatum <strong>{u.datasetversie.peildatum}</strong>, een van {u.aantal_versies} versies sinds{' '}
                {u.eerste_peildatum}
                {u.datasetversie.versie_id === u.nieuwste_versie.versie_id ? '' : ` (de nieuwste is versie ${u.nieuwste_versie.versie_id} van ${u.nieuwste_versie.peildatum})`}.
              </p>
              <p className="changelog" data-testid="changelog">
                {u.datasetversie.changelog.tekst}
              </p>
              <ChangelogTabel perType={u.datasetversie.changelog.per_type} />
              <p>
                <Link href={`/dashboard/versies?versie=${u.datasetversie.versie_id}${peildatum ? `&peildatum=${peildatum}` : ''}`}>Alle wijzigingen van deze versie →</Link>
              </p>
            </section>
          </div>

          <section aria-labelledby="kop-kengetallen">
            <h2 id="kop-kengetallen">Kengetallen</h2>
            <dl className="kengetallen">
              {KENGETALLEN.filter((k) => k.naam in u.kengetallen).map((k) => {
                const waarde = u.kengetallen[k.naam];
                const naast = eenheidNaast(k);
                const band = bandVan(k.schaal.banden, waarde);
                return (
                  <div key={k.naam} title={k.formule} data-kengetal={k.naam}>
                    <dt>
                      <Link href={metriekHref(k.naam, peildatum)}>{k.titel}</Link>
                    </dt>
                    <dd>
                      {k.eenheid === 'procent' ? procent(waarde) : getal(waarde)}
                      {naast && <small className="zacht"> {naast}</small>}
                      {band && <small className="zacht">, {band.label}</small>}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </section>

          {WEERGAVEN.length > 1 && (
          <section aria-labelledby="kop-verder">
            <h2 id="kop-verder">Verder kijken</h2>
            <div className="raster">
              {WEERGAVEN.filter((w) => w.pad !== '/dashboard').map((w) => (
                <Link key={w.pad} href={peildatum ? `${w.pad}?peildatum=${peildatum}` : w.pad} className="kaart kaart--link">
                  <h3>{w.titel}</h3>
                  <p>{w.uitleg}</p>
                </Link>
              ))}
            </div>
          </section>
          )}
          <Bronregel bronnen={env.bronnen} />
        </div>
      )}
    </Resultaat>
  );
}
