// The home page: what the service is, its families of data and where to go next.
import Link from 'next/link';
import { operations } from '@/lib/api/registry';
import { familyProgress } from '@/lib/catalogus/progress';

const domeinen = [
  {
    titel: 'Statistiek',
    tekst: 'Kerncijfers per gemeente, wijk en buurt, vergelijkingen met het landelijk gemiddelde, trends en ranglijsten.',
    pad: '/v1/regio/{code}',
    prefixen: ['/v1/regio', '/v1/stats', '/v1/monitoring/regio', '/v1/catalogus', '/v1/datasets'],
  },
  {
    titel: 'Adressen en gebouwen',
    tekst: 'Zoeken en aanvullen van adressen, alles over één adres, WOZ-waarden, woningtype en het dossier van een pand.',
    pad: '/v1/addrreg/suggest',
    prefixen: ['/v1/addrreg', '/v1/adres', '/v1/pand', '/v1/monitoring/pand'],
  },
  {
    titel: 'Kadaster',
    tekst: 'Percelen, kadastrale grenzen, bebouwing, straatnamen en huisnummerreeksen uit de kadastrale kaart.',
    pad: '/v1/landreg/percelen',
    prefixen: ['/v1/landreg'],
  },
  {
    titel: 'Verkeer en milieu',
    tekst: 'Luchtkwaliteit bij meetstations, milieuzones, verkeersdrukte, brugopeningen en reistijden rond een punt.',
    pad: '/v1/punt/{lon}/{lat}/context',
    prefixen: ['/v1/punt', '/v1/airnet'],
  },
  {
    titel: 'Wetgeving en rechtspraak',
    tekst: 'Artikelen uit wetten en de artikelen die een uitspraak (ECLI) aanhaalt.',
    pad: '/v1/rechtspraak/{ecli}/relevante-artikelen',
    prefixen: ['/v1/rechtspraak', '/v1/wet'],
  },
  {
    titel: 'Financiële en goededoelenregisters',
    tekst: 'Financiële dienstverleners, financiële instellingen, goede doelen en LEI-registraties, met peildatum en bron.',
    pad: '/v1/fsp/instellingen',
    prefixen: ['/v1/fsp', '/v1/finreg', '/v1/charity', '/v1/lei'],
  },
  {
    titel: 'Energielabels en verduurzaming',
    tekst: 'Energielabel en bouwkenmerken van een pand, subsidies, een nulmeting en een verduurzamingsrapport.',
    pad: '/v1/energie/prijzen',
    prefixen: ['/v1/energie', '/v1/verduurzaming'],
  },
];

const beloften = [
  ['Eén envelop', 'Elk antwoord heeft dezelfde vorm: api, versie, onderdeel, gegenereerd_op, duur_ms, bronnen en data.'],
  ['Bron bij elk antwoord', 'Herkomst, licentie en peildatum staan in bronnen[]; een bron die niet antwoordt staat daar als onbeschikbaar.'],
  ['Fouten met een code', 'Fouten zijn altijd RFC 7807-documenten met een vaste errorCode, beschreven op de pagina met foutcodes.'],
  ['Vaste conventies', 'Veldnamen in snake_case, datums in ISO 8601, coördinaten in WGS84 én RD, null betekent onbekend.'],
];

/** How much of a family is live, from the declarations (never more than the API really answers). */
function Voortgang({ prefixen }: { prefixen: string[] }) {
  const { live, totaal } = familyProgress(operations, prefixen);
  const status = live === 0 ? 'in ontwikkeling' : live === totaal ? 'live' : `${live} van ${totaal} operaties live`;
  return (
    <p className={`status status--${live === 0 ? 'nee' : live === totaal ? 'ja' : 'deels'}`} data-testid="voortgang">
      {status}
    </p>
  );
}

/** The landing page of the service. */
export default function HomePage() {
  return (
    <>
      <section className="held">
        <div className="pagina">
          <h1>Nederlandse publieke data, één standaard</h1>
          <p className="intro">
            Eén API over Nederlandse publieke bronnen: statistiek, adressen en gebouwen, kadaster, verkeer en milieu,
            wetgeving en rechtspraak, financiële en goededoelenregisters en energielabels. Elke bron is apart
            bereikbaar onder <code>/v1</code>, samengestelde diensten combineren meerdere bronnen in één aanroep.
          </p>
          <div className="knoppen">
            <Link href="/referentie" className="knop">
              API-referentie
            </Link>
            <a href="/v1/openapi.json" className="knop knop--rand">
              OpenAPI-document (JSON)
            </a>
            <a href="/v1/bronnen" className="knop knop--rand">
              Catalogus van bronnen
            </a>
          </div>
        </div>
      </section>

      <div className="pagina">
        <section aria-labelledby="domeinen">
          <h2 id="domeinen">Wat u kunt opvragen</h2>
          <ul className="raster">
            {domeinen.map((d) => (
              <li key={d.titel} className="kaart">
                <h3>{d.titel}</h3>
                <p>{d.tekst}</p>
                <code>{d.pad}</code>
                <Voortgang prefixen={d.prefixen} />
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="toepassingen">
          <h2 id="toepassingen">Toepassingen</h2>
          <div className="raster">
            <Link href="/dashboard" className="kaart kaart--link">
              <h3>Dashboard distributiemonitor</h3>
              <Voortgang prefixen={['/v1/distributiemonitor']} />
              <p>
                Een open, dagelijks bijgewerkt beeld van de distributie van financieel advies in Nederland: vestigingen,
                holdings, netwerken en wijzigingen door de tijd.
              </p>
            </Link>
            <Link href="/verduurzaming/rapport" className="kaart kaart--link">
              <h3>Verduurzamingsrapport uploaden</h3>
              <Voortgang prefixen={['/v1/verduurzaming/rapport', '/v1/verduurzaming/rapport.pdf', '/v1/verduurzaming/nulmeting']} />
              <p>
                Upload een nulmeting (XML) voor een adres en ontvang een rapport met maatregelen, gerangschikt op het
                doellabel, ook als PDF.
              </p>
            </Link>
          </div>
        </section>

        <section aria-labelledby="afspraken">
          <h2 id="afspraken">Afspraken in elk antwoord</h2>
          <ul className="raster">
            {beloften.map(([titel, tekst]) => (
              <li key={titel} className="kaart">
                <h3>{titel}</h3>
                <p>{tekst}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="ontwikkelaars">
          <h2 id="ontwikkelaars">Voor ontwikkelaars</h2>
          <ul className="lijst-links">
            <li>
              <Link href="/referentie">API-referentie</Link>: alle operaties met parameters, antwoorden en voorbeelden.
            </li>
            <li>
              <a href="/v1/openapi.json">OpenAPI-document</a> (<code>/v1/openapi.json</code>): voor codegeneratoren en
              API-clients.
            </li>
            <li>
              <a href="/v1/bronnen">Catalogus</a> (<code>/v1/bronnen</code>): alle API&apos;s en datasets met hun bron
              en licentie.
            </li>
            <li>
              <Link href="/problemen">Foutcodes</Link>: de betekenis van elke <code>errorCode</code> in een
              foutmelding.
            </li>
          </ul>
        </section>
      </div>
    </>
  );
}
