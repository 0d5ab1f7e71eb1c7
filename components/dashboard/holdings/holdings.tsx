'use client';
// The ranking of the hoofdholdingen (GET /hoofdholdings, sector_rang_max, peildatum): a bar chart of their
// active vestigingen and the table with the same figures, each row linking to the hoofdholding's structure
// view. "Vestigingen (actief)" is the one count of lib/monitor/derive/telling (also in the network and structure).
import Link from 'next/link';
import { VESTIGINGEN_ACTIEF_LABEL } from '@/lib/monitor/derive/telling';
import { useRouter } from 'next/navigation';
import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { Bronregel } from '../bronregel';
import { GrafiekExport } from '../export/export-menu';
import { getalKolom, Tabel } from '../tabel';
import { Laden, Leeg, Resultaat } from '../toestand';
import { useMonitor } from '../use-monitor';
import { usePeildatum, useUrlStaat } from '../use-url-staat';
import { getal, procent } from '../opmaak';
import { structuurHref } from '../netwerk/graaf';
import { useBreedte } from '../netwerk/use-breedte';
import type { Hoofdholding, Hoofdholdings } from '../typen';
import { heeftEigenNaam, holdingNaam } from './wijzigingen';

/** The choices of sector_rang_max ('alle': the parameter left out). */
const KEUZES = ['5', '10', '25', '50', '100', 'alle'];
/** Bars in the chart at most (the table lists them all). */
const MAX_STAVEN = 25;

export function HoldingsWeergave() {
  const peildatum = usePeildatum();
  const [staat, zet] = useUrlStaat({ sector_rang_max: '25' });
  const max = staat.sector_rang_max === 'alle' ? undefined : staat.sector_rang_max;
  const q = useMonitor<Hoofdholdings>('/hoofdholdings', { sector_rang_max: max, peildatum });
  return (
    <div className="dash-stapel" data-testid="holdings">
      <section aria-labelledby="kop-holdings" className="paneel">
        <h2 id="kop-holdings">Hoofdholdings op aantal actieve vestigingen</h2>
        <p className="zacht">
          Een hoofdholding is de top van een eigendomsketen (GLEIF-relaties, gekoppeld op KvK-nummer). Kies er een voor haar eigendomsboom, vestigingen en
          wijzigingen.
        </p>
        <div className="bediening">
          <label htmlFor="holdings-top">
            Toon
            <select id="holdings-top" value={KEUZES.includes(staat.sector_rang_max) ? staat.sector_rang_max : ''} onChange={(e) => zet({ sector_rang_max: e.target.value })}>
              {!KEUZES.includes(staat.sector_rang_max) && <option value="">top {staat.sector_rang_max}</option>}
              {KEUZES.map((k) => (
                <option key={k} value={k}>
                  {k === 'alle' ? 'alle hoofdholdings' : `top ${k}`}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Resultaat query={q} context="Hoofdholdings" laden={<Laden regels={10} />}>
          {(d, env) => (
            <>
              {d.hoofdholdings.length === 0 ? (
                <Leeg>
                  Geen hoofdholdings in de versie van {d.dekking.peildatum}: geen enkele vestiging hangt via LEI-relaties onder een holding (dekking met LEI:{' '}
                  {procent(d.dekking.aandeel_met_lei_pct)}).
                </Leeg>
              ) : (
                <Ranglijst d={d} peildatum={peildatum} />
              )}
              <Bronregel bronnen={env.bronnen} />
            </>
          )}
        </Resultaat>
      </section>
    </div>
  );
}

function Ranglijst({ d, peildatum }: { d: Hoofdholdings; peildatum: string }) {
  const lijst = d.hoofdholdings;
  const samen = lijst.reduce((s, h) => s + h.aandeel_pct, 0);
  return (
    <>
      <p data-testid="holdings-samenvatting">
        Stand op <strong>{d.dekking.peildatum}</strong>: {lijst.length === d.totaal ? 'alle' : `de ${getal(lijst.length)} grootste van de`}{' '}
        <strong>{getal(d.totaal)}</strong> hoofdholdings, samen {procent(Math.round(samen * 10) / 10)} van de {getal(d.dekking.vestigingen_actief)} actieve
        vestigingen. De grootste, {holdingNaam(lijst[0].naam, lijst[0].hoofdholding_id)}, heeft er {getal(lijst[0].aantal_vestigingen_actief)} actief.
      </p>
      <Staafgrafiek lijst={lijst.slice(0, MAX_STAVEN)} peildatum={peildatum} meer={lijst.length > MAX_STAVEN} />
      <div className="tabel-houder">
        <Tabel
          testid="holdings-tabel"
          bijschrift={<>Ranglijst van hoofdholdings (peildatum {d.dekking.peildatum})</>}
          compact={false}
          kolommen={[
            getalKolom('Rang'),
            'Hoofdholding',
            getalKolom(VESTIGINGEN_ACTIEF_LABEL),
            getalKolom('Aandeel van alle actieve'),
            getalKolom('Vestigingen (ooit, ook beëindigd)'),
            getalKolom('Tussenholdings'),
          ]}
        >
          {lijst.map((h) => (
            <tr key={h.hoofdholding_id} data-id={h.hoofdholding_id}>
              <td className="getal">{h.sector_rang}</td>
              <th scope="row">
                <Link href={structuurHref(h.hoofdholding_id, { peildatum })} title={`LEI ${h.hoofdholding_id}`}>
                  {holdingNaam(h.naam, h.hoofdholding_id)}
                </Link>
                {!heeftEigenNaam(h.naam, h.hoofdholding_id) && <small className="zacht"> {h.hoofdholding_id}</small>}
              </th>
              <td className="getal" data-kolom="vestigingen-actief">{getal(h.aantal_vestigingen_actief)}</td>
              <td className="getal">{procent(h.aandeel_pct)}</td>
              <td className="getal">{getal(h.aantal_vestigingen)}</td>
              <td className="getal">{getal(h.holding_ids.length)}</td>
            </tr>
          ))}
        </Tabel>
      </div>
    </>
  );
}

const kort = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function Staafgrafiek({ lijst, peildatum, meer }: { lijst: Hoofdholding[]; peildatum: string; meer: boolean }) {
  const router = useRouter();
  const [houder, breedte] = useBreedte<HTMLDivElement>();
  // Narrow screens: the names above the bars (full width) instead of a cramped axis beside them.
  const smal = breedte < 560;
  const hoogte = lijst.length * (smal ? 38 : 26) + 40;
  const asBreedte = Math.round(Math.min(220, Math.max(96, breedte * 0.36)));
  const tekens = Math.max(10, Math.floor(asBreedte / 6.6));
  return (
    <figure className="holdings-grafiek" aria-labelledby="holdings-grafiek-uitleg">
      <div ref={houder} style={{ height: hoogte }} data-testid="holdings-grafiek">
        {breedte > 0 && (
          <BarChart width={breedte} height={hoogte} data={lijst.map((h) => ({ ...h, naam: holdingNaam(h.naam, h.hoofdholding_id) }))} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
            <CartesianGrid horizontal={false} stroke="#e6ebf0" />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey="naam" hide={smal} width={smal ? 0 : asBreedte} interval={0} tick={{ fontSize: 12 }} tickFormatter={(s: string) => kort(s, tekens)} />
            <Tooltip formatter={(v) => [getal(Number(v)), VESTIGINGEN_ACTIEF_LABEL]} cursor={{ fill: 'rgba(21, 66, 115, 0.06)' }} />
            <Bar
              dataKey="aantal_vestigingen_actief"
              name={VESTIGINGEN_ACTIEF_LABEL}
              fill="#154273"
              radius={[0, 3, 3, 0]}
              barSize={smal ? 12 : undefined}
              isAnimationActive={false}
              cursor="pointer"
              onClick={(e: { payload?: Hoofdholding }) => {
                if (e?.payload) router.push(structuurHref(e.payload.hoofdholding_id, { peildatum }));
              }}
            >
              {smal && (
                <LabelList
                  dataKey="naam"
                  content={(l) => (
                    <text x={Number(l.x)} y={Number(l.y) - 4} fontSize={12} fill="#1b1f24">
                      {kort(String(l.value), Math.floor(breedte / 7))}
                    </text>
                  )}
                />
              )}
            </Bar>
          </BarChart>
        )}
      </div>
      <GrafiekExport titel={`Actieve vestigingen per hoofdholding${meer ? `, de ${MAX_STAVEN} grootste` : ''}`} />
      <figcaption id="holdings-grafiek-uitleg" className="zacht">
        Actieve vestigingen per hoofdholding{meer ? `, de ${MAX_STAVEN} grootste` : ''}; de tabel hieronder geeft dezelfde cijfers met rang en aandeel.
      </figcaption>
    </figure>
  );
}
