'use client';
// The network view (GET /relaties/netwerk): the busiest ownership structures and samenwerkingsverbanden as a
// force graph for one year (a slider from the first to the newest version's year, from /versies) and up to
// max_nodes nodes, both in the URL. The graph is a picture; the same content is in the table of structures
// under it (each hoofdholding links to its structure view, so the keyboard reaches what a click does).
import { VESTIGINGEN_ACTIEF_LABEL } from '@/lib/monitor/derive/telling';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { GraafTekening } from '@/lib/client/export';
import { Bronregel } from '../bronregel';
import { getalKolom, Tabel } from '../tabel';
import { Fout, Laden, Leeg, Resultaat } from '../toestand';
import { useMonitor } from '../use-monitor';
import { usePeildatum, useUrlStaat } from '../use-url-staat';
import { getal } from '../opmaak';
import type { Versies } from '../typen';
import type { Posities } from './graaf-canvas';
import { doelVanKnoop, MAX_KNOPEN, OVERIG, structuren, structuurHref, type KnoopType, type Netwerk, type NetwerkKnoop } from './graaf';
import { NetwerkExport } from './netwerk-export';
import { useBreedte } from './use-breedte';
import { useInvoer } from '../use-invoer';
import { RELATIE_KLEUR } from '../kleuren';
import { heeftEigenNaam } from '@/lib/monitor/holding-naam';

const GraafCanvas = dynamic(() => import('./graaf-canvas'), {
  ssr: false,
  loading: () => <Laden hoogte="22rem" label="Graaf laden…" />,
});

/** Names drawn in the picture: the largest structures only (the rest are in the legend and the table). */
const LABELS = 6;
/** Structures with their own colour in the legend. */
const LEGENDA = 9;

const jaarVan = (datum: string | null | undefined) => (datum ? Number(datum.slice(0, 4)) : NaN);

/** The slider's bounds: the years of the oldest and newest version this caller may see. */
function jarenVan(v: Versies | undefined): { min: number; max: number; nieuwsteVersie: number } | null {
  if (!v || v.versies.length === 0) return null;
  const max = jaarVan(v.versies[0].peildatum);
  const min = jaarVan(v.versies[v.versies.length - 1].peildatum);
  return { min: Math.min(min, max), max, nieuwsteVersie: v.versies[0].versie_id };
}

/** Height of the graph for a width: wide screens a landscape, phones nearly square. */
const hoogteVoor = (breedte: number) => Math.round(breedte < 560 ? Math.max(340, breedte * 1.1) : Math.min(620, Math.max(340, breedte * 0.62)));

export function NetwerkWeergave() {
  const peildatum = usePeildatum();
  const [staat, zet] = useUrlStaat({ jaar: '', max_nodes: String(MAX_KNOPEN.standaard) });
  const versies = useMonitor<Versies>('/versies');
  const jaren = jarenVan(versies.data?.data);

  // The year: from the URL, else that of the dashboard's as-of date, else the newest version's.
  const urlJaar = Number.parseInt(staat.jaar, 10);
  const standaardJaar = jaren ? Math.min(jaren.max, Math.max(jaren.min, jaarVan(peildatum) || jaren.max)) : NaN;
  const jaar = Number.isFinite(urlJaar) ? urlJaar : standaardJaar;
  const maxNodes = Number.parseInt(staat.max_nodes, 10);

  // Stand op caps the year: the API answers the earlier of 31 December of jaar and the peildatum.
  const q = useMonitor<Netwerk>('/relaties/netwerk', { jaar, peildatum, max_nodes: Number.isFinite(maxNodes) ? maxNodes : staat.max_nodes }, { enabled: Number.isFinite(jaar) });

  return (
    <div className="dash-stapel" data-testid="netwerk">
      <section aria-labelledby="kop-netwerk" className="paneel">
        <h2 id="kop-netwerk">Netwerk van de drukste structuren</h2>
        <p className="zacht">
          Hoofdholdings met hun tussenholdings en vestigingen, en samenwerkingsverbanden met hun leden, de grootste eerst. De stand is die van de nieuwste
          datasetversie op of vóór 31 december van het gekozen jaar{peildatum ? ` en niet later dan Stand op (${peildatum})` : ''}. Grootte: actieve vestigingen.
        </p>
        {versies.isError && !jaren ? (
          <Fout fout={versies.error} opnieuw={() => void versies.refetch()} context="Netwerk" />
        ) : !jaren ? (
          <Laden regels={2} label="Jaren laden…" />
        ) : (
          <Bediening jaar={jaar} jaren={jaren} maxNodes={staat.max_nodes} zet={zet} />
        )}
        {jaren && (
          <Resultaat query={q} context="Netwerk" laden={<Laden hoogte="22rem" label="Netwerk laden…" />}>
            {(n, env) => (
              <>
                <Graaf netwerk={n} nieuwsteVersie={jaren.nieuwsteVersie} dashboardPeildatum={peildatum} />
                <Bronregel bronnen={env.bronnen} />
              </>
            )}
          </Resultaat>
        )}
      </section>
    </div>
  );
}

function Bediening({
  jaar,
  jaren,
  maxNodes,
  zet,
}: {
  jaar: number;
  jaren: { min: number; max: number };
  maxNodes: string;
  zet: (w: Partial<{ jaar: string; max_nodes: string }>) => void;
}) {
  // The number field keeps what is typed; the URL (and the request) only gets a valid value.
  const { invoer, setInvoer, geldig } = useInvoer(maxNodes, (w) => zet({ max_nodes: String(Number(w)) }), {
    wachtMs: 350,
    geldig: (w) => /^\d+$/.test(w.trim()) && Number(w) >= MAX_KNOPEN.min && Number(w) <= MAX_KNOPEN.max,
  });

  const enkel = jaren.min === jaren.max;
  return (
    <div className="bediening">
      <div className="netwerk-veld netwerk-veld--jaar">
        <span className="netwerk-veld__kop">
          <label htmlFor="netwerk-jaar">Jaar</label>: <output htmlFor="netwerk-jaar" data-testid="netwerk-jaar">{jaar}</output>
        </span>
        <input
          id="netwerk-jaar"
          type="range"
          min={jaren.min}
          max={jaren.max}
          step={1}
          value={Math.min(jaren.max, Math.max(jaren.min, jaar))}
          disabled={enkel}
          aria-describedby="netwerk-jaar-uitleg"
          onChange={(e) => zet({ jaar: e.target.value })}
        />
        <span id="netwerk-jaar-uitleg" className="netwerk-bereik">
          {enkel ? `Alleen ${jaren.min}: er zijn versies van één jaar` : `${jaren.min} – ${jaren.max}`}
        </span>
      </div>
      <div className="netwerk-veld">
        <label htmlFor="netwerk-max" className="netwerk-veld__kop">
          Maximaal aantal knopen
        </label>
        <input
          id="netwerk-max"
          type="number"
          inputMode="numeric"
          min={MAX_KNOPEN.min}
          max={MAX_KNOPEN.max}
          step={10}
          value={invoer}
          aria-invalid={!geldig}
          aria-describedby="netwerk-max-uitleg"
          onChange={(e) => setInvoer(e.target.value)}
        />
        <span id="netwerk-max-uitleg" className={geldig ? 'netwerk-bereik' : 'netwerk-bereik netwerk-bereik--fout'}>
          {MAX_KNOPEN.min} tot en met {MAX_KNOPEN.max}
        </span>
      </div>
    </div>
  );
}

function Graaf({ netwerk, nieuwsteVersie, dashboardPeildatum }: { netwerk: Netwerk; nieuwsteVersie: number; dashboardPeildatum: string }) {
  const router = useRouter();
  const [houder, breedte] = useBreedte<HTMLDivElement>();
  // The settled picture's node positions, for the graph they belong to (a new answer moves again).
  const sleutel = `${netwerk.jaar}:${netwerk.dekking.versie_id}:${netwerk.nodes.length}:${netwerk.verbindingen.length}`;
  const [stil, setStil] = useState<{ sleutel: string; posities: Posities } | null>(null);
  const posities = stil?.sleutel === sleutel ? stil.posities : null;
  const lijst = useMemo(() => structuren(netwerk.nodes), [netwerk.nodes]);
  const kleuren = useMemo(() => new Map(lijst.map((s) => [s.id, s.kleur])), [lijst]);
  const namen = useMemo(() => new Map(lijst.map((s) => [s.id, s.naam])), [lijst]);
  const typeVanGroep = useMemo(() => new Map<string, KnoopType>(lijst.map((s) => [s.id, s.type])), [lijst]);
  // Names in the picture only where there is room for them (on a phone the legend right under it names them).
  const labels = useMemo(() => new Set(breedte >= 560 ? lijst.slice(0, LABELS).map((s) => s.id) : []), [lijst, breedte]);
  // A structure opens as of the version the graph shows (unless that is the newest: then the dashboard's date).
  const peildatum = netwerk.dekking.versie_id === nieuwsteVersie ? dashboardPeildatum : netwerk.dekking.peildatum;
  const doel = useCallback((n: NetwerkKnoop) => doelVanKnoop(n, typeVanGroep, peildatum), [typeVanGroep, peildatum]);
  const kleur = useCallback((g: string) => kleuren.get(g) ?? OVERIG, [kleuren]);
  const structuurNaam = useCallback((g: string) => namen.get(g), [namen]);
  const onStil = useCallback((p: Posities) => setStil({ sleutel, posities: p }), [sleutel]);
  const onBeweegt = useCallback(() => setStil(null), []);
  const onKlik = useCallback((href: string) => router.push(href), [router]);
  const tekening = useRef<(() => GraafTekening) | null>(null);

  if (netwerk.nodes.length === 0) {
    return (
      <Leeg>
        Geen structuren in de versie van {netwerk.dekking.peildatum}: geen enkele actieve vestiging valt onder een hoofdholding (via LEI-relaties) of
        onder een samenwerkingsverband.
      </Leeg>
    );
  }
  const eigendom = netwerk.verbindingen.filter((l) => l.type === 'eigendom').length;
  const samenwerking = netwerk.verbindingen.length - eigendom;
  const hoogte = hoogteVoor(breedte);
  return (
    <>
      <p data-testid="netwerk-samenvatting">
        Stand op <strong>{netwerk.dekking.peildatum}</strong> (versie {netwerk.dekking.versie_id}):{' '}
        <strong data-testid="netwerk-knopen">{getal(netwerk.nodes.length)}</strong> knopen en {getal(netwerk.verbindingen.length)} verbindingen ({getal(eigendom)}{' '}
        eigendom, {getal(samenwerking)} samenwerking) uit <strong>{getal(lijst.length)}</strong> van de {getal(netwerk.totaal_structuren)} structuren.
      </p>
      {netwerk.afgekapt && (
        <p className="netwerk-afgekapt" data-testid="netwerk-afgekapt">
          Afgekapt op {getal(netwerk.nodes.length)} knopen: de graaf toont {getal(lijst.length)} van de {getal(netwerk.totaal_structuren)} structuren, de
          laatste mogelijk maar deels. Verhoog het maximum aantal knopen om meer te zien.
        </p>
      )}
      <div
        ref={houder}
        className="netwerk-graaf"
        data-testid="netwerk-graaf"
        data-stil={posities ? 'ja' : 'nee'}
        data-jaar={netwerk.jaar}
        data-knopen={netwerk.nodes.length}
        data-posities={posities ? JSON.stringify(posities) : undefined}
        role="img"
        aria-label={`Netwerkgraaf met ${netwerk.nodes.length} knopen in ${lijst.length} structuren; dezelfde gegevens staan in de tabel eronder.`}
      >
        {breedte > 0 && (
          <GraafCanvas
            nodes={netwerk.nodes}
            links={netwerk.verbindingen}
            breedte={breedte}
            hoogte={hoogte}
            kleur={kleur}
            labels={labels}
            structuurNaam={structuurNaam}
            doel={doel}
            onKlik={onKlik}
            onStil={onStil}
            onBeweegt={onBeweegt}
            tekening={tekening}
          />
        )}
      </div>
      <NetwerkExport titel={`Netwerk van de drukste structuren, ${netwerk.jaar}`} tekening={tekening} structuren={lijst} max={LEGENDA} />
      <p className="netwerk-status zacht" aria-live="polite">
        {posities ? 'Sleep om te verschuiven, Ctrl/⌘ + scrollen om te zoomen; klik op een knoop van een hoofdholding voor haar structuur.' : 'De graaf ordent zich…'}
      </p>
      <Legenda lijst={lijst} />
      <StructurenTabel lijst={lijst} peildatum={peildatum} />
    </>
  );
}

/** A hoofdholding GLEIF gives no name shares its fallback name with others: its LEI as secondary text tells them apart. */
function LeiZonderNaam({ s }: { s: { id: string; naam: string; type: string } }) {
  if (s.type !== 'hoofdholding' || heeftEigenNaam(s.naam, s.id)) return null;
  return <small className="zacht"> {s.id}</small>;
}

function Legenda({ lijst }: { lijst: ReturnType<typeof structuren> }) {
  const eigen = lijst.slice(0, LEGENDA);
  const rest = lijst.length - eigen.length;
  return (
    <div className="netwerk-legenda" data-testid="netwerk-legenda">
      <h3 className="verborgen">Legenda</h3>
      <ul aria-label="Kleuren: de grootste structuren">
        {eigen.map((s) => (
          <li key={s.id}>
            <span className="netwerk-stip" style={{ background: s.kleur }} aria-hidden="true" />
            {s.naam} <span className="zacht">({getal(s.grootte)})</span>
            <LeiZonderNaam s={s} />
          </li>
        ))}
        {rest > 0 && (
          <li>
            <span className="netwerk-stip" style={{ background: OVERIG }} aria-hidden="true" />
            {getal(rest)} andere {rest === 1 ? 'structuur' : 'structuren'}
          </li>
        )}
      </ul>
      <ul aria-label="Vormen">
        <li>
          <svg width="28" height="10" aria-hidden="true">
            <line x1="0" y1="5" x2="28" y2="5" stroke={RELATIE_KLEUR.eigendom} strokeWidth="1.5" />
          </svg>
          eigendom (pijl naar het onderdeel)
        </li>
        <li>
          <svg width="28" height="10" aria-hidden="true">
            <line x1="0" y1="5" x2="28" y2="5" stroke={RELATIE_KLEUR.samenwerking} strokeWidth="1.5" strokeDasharray="4 3" />
          </svg>
          samenwerking
        </li>
        <li>
          <svg width="14" height="14" aria-hidden="true">
            <circle cx="7" cy="7" r="5.5" fill="#dde3ea" stroke="#1b1f24" strokeWidth="1.5" />
          </svg>
          hoofdholding (gestreepte rand: samenwerkingsverband); oppervlak naar aantal actieve vestigingen
        </li>
      </ul>
    </div>
  );
}

function StructurenTabel({ lijst, peildatum }: { lijst: ReturnType<typeof structuren>; peildatum: string }) {
  return (
    <div className="tabel-houder">
      <Tabel
        testid="netwerk-structuren"
        bijschrift="Structuren in de graaf, grootste eerst: actieve vestigingen van de hele structuur en haar knopen in de graaf"
        kolommen={['Structuur', 'Soort', getalKolom(VESTIGINGEN_ACTIEF_LABEL), getalKolom('Knopen')]}
      >
        {lijst.map((s) => (
          <tr key={s.id} data-id={s.id}>
            <th scope="row">
              <span className="netwerk-stip" style={{ background: s.kleur }} aria-hidden="true" />
              {s.type === 'hoofdholding' ? <Link href={structuurHref(s.id, { peildatum })}>{s.naam}</Link> : s.naam}
              <LeiZonderNaam s={s} />
            </th>
            <td>{s.type === 'hoofdholding' ? 'Hoofdholding' : 'Samenwerkingsverband'}</td>
            <td className="getal">{getal(s.grootte)}</td>
            <td className="getal">{getal(s.knopen)}</td>
          </tr>
        ))}
      </Tabel>
    </div>
  );
}
