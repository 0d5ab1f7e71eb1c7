'use client';
// One hoofdholding's structure (GET /hoofdholdings/{id}/structuur, as of the dashboard's date), all from that
// one answer (issue 22: one request per view): its ownership tree, its vestigingen (with addresses) with a
// search in the URL, and the changes of the whole structure over the versions the caller sees (up to the
// as-of version, without the nulmeting). An unknown id shows the API's 404 problem.
import Link from 'next/link';
import { VESTIGINGEN_ACTIEF_LABEL } from '@/lib/monitor/derive/telling';
import { huisnummerTekst } from '@/lib/monitor/vestiging-api';
import { useSearchParams } from 'next/navigation';
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { Bronregel } from '../bronregel';
import { wijzigingKleur } from '../kleuren';
import { GrafiekExport } from '../export/export-menu';
import { Tabel } from '../tabel';
import { Fout, Laden, Leeg, Resultaat } from '../toestand';
import { useMonitor } from '../use-monitor';
import { usePeildatum, useUrlStaat } from '../use-url-staat';
import { getal } from '../opmaak';
import { useBreedte } from '../netwerk/use-breedte';
import { useInvoer } from '../use-invoer';
import { Boom } from './boom';
import type { Namen, StructuurAntwoord, Versies, Wijziging } from '../typen';
import { holdingNaam, hoofdholdingNaamMet, naamVan, namenInBoom, toelichting, versiesVoorGeschiedenis, vestigingPast } from './wijzigingen';

export function StructuurWeergave({ id }: { id: string }) {
  const peildatum = usePeildatum();
  const doel = useSearchParams().get('open') ?? undefined;
  const q = useMonitor<StructuurAntwoord>(`/hoofdholdings/${encodeURIComponent(id)}/structuur`, { peildatum });
  const terug = (
    <p>
      <Link href={peildatum ? `/dashboard/holdings?peildatum=${peildatum}` : '/dashboard/holdings'}>← Ranglijst van hoofdholdings</Link>
    </p>
  );
  return (
    <div className="dash-stapel" data-testid="structuur">
      {terug}
      <Resultaat query={q} context={`Structuur van ${id}`} laden={<Laden regels={10} label="Structuur laden…" />}>
        {(s, env) => (
          <div className="dash-stapel">
            <section aria-labelledby="kop-structuur" className="paneel">
              <h2 id="kop-structuur">{holdingNaam(s.boom.naam, s.boom.id)}</h2>
              <p className="zacht">
                Hoofdholding, LEI <small>{s.boom.id}</small>
                {s.boom.kvk_nummer ? `, KvK ${s.boom.kvk_nummer}` : ''}. Stand op {s.dekking.peildatum} (versie {s.dekking.versie_id}).
              </p>
              <div className="tellers structuur-tellers" data-testid="structuur-tellers">
                <Teller getal={s.sector_rang} titel="Rang naar actieve vestigingen" />
                <Teller getal={s.totalen.vestigingen_actief} titel={VESTIGINGEN_ACTIEF_LABEL} testid="structuur-vestigingen-actief" />
                <Teller getal={s.totalen.aantal_vestigingen} titel="Vestigingen (ooit, ook beëindigd)" />
                <Teller getal={s.totalen.aantal_holdings} titel="Holdings (met de hoofdholding)" />
                <Teller getal={s.totalen.diepte} titel="Lagen diep" />
              </div>
              {s.afgekapt && <p className="melding">De boom is dieper dan 32 lagen: holdings op die diepte zijn niet verder uitgeklapt.</p>}
              <h3>Eigendomsboom</h3>
              <Boom boom={s.boom} doel={doel} />
            </section>
            <Vestigingen boom={s} />
            <Geschiedenis id={id} s={s} />
            <Bronregel bronnen={env.bronnen} />
          </div>
        )}
      </Resultaat>
    </div>
  );
}

function Teller({ getal: n, titel, testid }: { getal: number; titel: string; testid?: string }) {
  return (
    <div className="teller" data-testid={testid}>
      <span className="teller__getal">{getal(n)}</span>
      <span className="teller__titel">{titel}</span>
    </div>
  );
}

function Vestigingen({ boom }: { boom: StructuurAntwoord }) {
  const [staat, zet] = useUrlStaat({ zoek: '' });
  const { invoer, setInvoer } = useInvoer(staat.zoek, (w) => zet({ zoek: w }), { wachtMs: 250 });
  const alle = boom.vestigingen;
  const holdingNamen = useMemo(() => namenInBoom(boom.boom), [boom.boom]);
  const hits = useMemo(() => alle.filter((v) => vestigingPast(v, staat.zoek)), [alle, staat.zoek]);
  const actief = hits.filter((v) => v.actief).length;

  return (
    <section aria-labelledby="kop-vestigingen" className="paneel">
      <h2 id="kop-vestigingen">Vestigingen</h2>
      <div className="bediening">
        <label htmlFor="vestigingen-zoek">
          Zoek op naam, plaats of postcode
          <input id="vestigingen-zoek" type="search" value={invoer} onChange={(e) => setInvoer(e.target.value)} autoComplete="off" />
        </label>
      </div>
      <p data-testid="vestigingen-telling" aria-live="polite">
        {staat.zoek ? (
          <>
            <strong>{getal(hits.length)}</strong> van {getal(alle.length)} vestigingen passen bij “{staat.zoek}” ({getal(actief)} actief).
          </>
        ) : (
          <>
            <strong>{getal(hits.length)}</strong> vestigingen onder deze hoofdholding, waarvan {getal(actief)} actief.
          </>
        )}
      </p>
      {alle.length === 0 ? (
        <Leeg>Geen vestigingen onder deze hoofdholding in deze versie.</Leeg>
      ) : hits.length === 0 ? (
        <Leeg>Geen vestiging past bij “{staat.zoek}”: zoek op een deel van de naam, de plaats of de postcode.</Leeg>
      ) : (
        <div className="tabel-houder">
          <Tabel
            testid="vestigingen-tabel"
            bijschrift={<>Vestigingen onder {boom.boom.naam}</>}
            verborgen
            kolommen={['Naam', 'Adres', 'Status', 'Direct onder']}
          >
            {hits.map((v) => (
              <tr key={v.vestiging_id} data-id={v.vestiging_id}>
                <th scope="row">{v.naam}</th>
                <td>
                  <span className="vestiging-adres">{[v.postcode, huisnummerTekst(v)].filter(Boolean).join(' ') || '–'}</span>
                  {v.plaats ?? ''}
                </td>
                <td>{v.actief ? 'actief' : `beëindigd${v.einde ? ` (${v.einde})` : ''}`}</td>
                <td>{v.holding_id ? (holdingNamen.get(v.holding_id) ?? v.holding_id) : '–'}</td>
              </tr>
            ))}
          </Tabel>
        </div>
      )}
    </section>
  );
}

const SOORTEN = ['nieuw', 'overgenomen', 'verhuisd', 'gewijzigd', 'beëindigd'] as const;
const ENTITEIT: Record<string, string> = { hoofdholding: 'hoofdholding', holding: 'holding', vestiging: 'vestiging' };

function Geschiedenis({ id, s }: { id: string; s: StructuurAntwoord }) {
  const versies = useMonitor<Versies>('/versies');
  // The caption says the nulmeting (every row 'nieuw') does not count: the answer's geschiedenis has none of
  // its rows; the hoofdholding's own rows (wijzigingen) may, so they are left out here.
  const lijst = useMemo(
    () =>
      versies.data
        ? versiesVoorGeschiedenis(versies.data.data.versies, versies.data.data.historie_vanaf, s.dekking.versie_id).filter((v) => !v.is_nulmeting)
        : [],
    [versies.data, s.dekking.versie_id],
  );
  const nulmeting = useMemo(() => new Set((versies.data?.data.versies ?? []).filter((v) => v.is_nulmeting).map((v) => v.versie_id)), [versies.data]);
  const rijen = useMemo(() => {
    const perId = new Map<number, Wijziging>();
    for (const w of [...s.wijzigingen, ...s.geschiedenis]) perId.set(w.wijziging_id, w);
    return [...perId.values()].filter((w) => !nulmeting.has(w.versie_id)).sort((a, b) => b.versie_id - a.versie_id || a.wijziging_id - b.wijziging_id);
  }, [s, nulmeting]);
  const rijNamen: Namen = s.namen ?? {};
  const hoofdholdingNaam = hoofdholdingNaamMet(id, s.boom.naam, rijNamen);

  return (
    <section aria-labelledby="kop-geschiedenis" className="paneel">
      <h2 id="kop-geschiedenis">Wijzigingen door de tijd</h2>
      <p className="zacht">
        De wijzigingsrijen over deze hoofdholding, haar holdings en vestigingen (ook die erbij kwamen of vertrokken), per datasetversie
        {lijst.length ? ` van ${lijst[lijst.length - 1].peildatum} tot en met ${lijst[0].peildatum}` : ''}. De nulmeting (alles nieuw) telt niet mee.
      </p>
      {versies.isError && !versies.data && <Fout fout={versies.error} opnieuw={() => void versies.refetch()} context="Wijzigingen door de tijd" />}
      {!versies.data && !versies.isError ? (
        <Laden regels={4} label="Versies laden…" />
      ) : rijen.length === 0 ? (
        <Leeg>Geen wijzigingen in deze structuur in de versies die u kunt zien: haar holdings en vestigingen bleven gelijk.</Leeg>
      ) : (
        <>
          <WijzigingenGrafiek rijen={rijen} versies={lijst.map((v) => v.peildatum)} />
          <div className="tabel-houder">
            <Tabel
              testid="wijzigingen-tabel"
              exportNaam="wijzigingen"
              bijschrift={<>{getal(rijen.length)} wijzigingen, nieuwste eerst</>}
              kolommen={['Peildatum', 'Wat', 'Wijziging', 'Toelichting']}
            >
              {rijen.map((w) => (
                <tr key={w.wijziging_id} data-versie={w.versie_id}>
                  <td className="holdings-nowrap">{w.datum}</td>
                  <th scope="row">
                    {naamVan(w, rijNamen)} <span className="zacht">({ENTITEIT[w.entiteit_type] ?? w.entiteit_type})</span>{' '}
                    <small className="zacht">{w.entiteit_id}</small>
                  </th>
                  <td>
                    <span className="holdings-soort" style={{ borderColor: wijzigingKleur(w.wijziging_type) }}>
                      {w.wijziging_type}
                    </span>
                  </td>
                  <td>{toelichting(w, hoofdholdingNaam, rijNamen)}</td>
                </tr>
              ))}
            </Tabel>
          </div>
        </>
      )}
      <p className="zacht holdings-herkomst">
        Bron: <code>wijzigingen</code> en <code>geschiedenis</code> van <code>/hoofdholdings/{'{id}'}/structuur</code> (dezelfde rijen als{' '}
        <code>/versies/{'{id}'}/wijzigingen</code>, beperkt tot deze structuur).
      </p>
    </section>
  );
}

function WijzigingenGrafiek({ rijen, versies }: { rijen: Wijziging[]; versies: string[] }) {
  const [houder, breedte] = useBreedte<HTMLDivElement>();
  const data = useMemo(() => {
    const datums = [...new Set([...versies, ...rijen.map((w) => w.datum)])].sort();
    return datums.map((datum) => {
      const rij: Record<string, string | number> = { datum: datum.slice(0, 7) };
      for (const soort of SOORTEN) rij[soort] = rijen.filter((w) => w.datum === datum && w.wijziging_type === soort).length;
      return rij;
    });
  }, [rijen, versies]);
  const hoogte = 220;
  return (
    <figure className="holdings-grafiek" aria-labelledby="wijzigingen-grafiek-uitleg">
      <div ref={houder} style={{ height: hoogte }} data-testid="wijzigingen-grafiek">
        {breedte > 0 && (
          <BarChart width={breedte} height={hoogte} data={data} margin={{ top: 4, right: 8, bottom: 4, left: -16 }}>
            <CartesianGrid vertical={false} stroke="#e6ebf0" />
            <XAxis dataKey="datum" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {SOORTEN.map((soort) => (
              <Bar key={soort} dataKey={soort} stackId="w" fill={wijzigingKleur(soort)} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </div>
      <GrafiekExport titel="Wijzigingen per versie naar soort" />
      <figcaption id="wijzigingen-grafiek-uitleg" className="zacht">
        Wijzigingen per versie (maand) naar soort; de tabel eronder noemt ze een voor een.
      </figcaption>
    </figure>
  );
}
