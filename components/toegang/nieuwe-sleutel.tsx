'use client';
// A freshly issued standard key, shown ONCE: in a marked box with a copy button and the warning that it will
// not be shown again, the note that it is signed in in this tab (AanvraagFormulier keeps it at once; a button
// when that failed or the user signed off), and curl examples that work as they are (full history,
// a market as of the oldest version, CSV).
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiData } from '@/lib/client/api';
import { KopieerKnop } from './kopieer-knop';
import { useSleutel } from './use-sleutel';

interface Versies {
  versies: { peildatum: string }[];
}

function CurlVoorbeeld({ titel, uitleg, opdracht }: { titel: string; uitleg: string; opdracht: string }) {
  const ref = useRef<HTMLElement>(null);
  return (
    <li className="curl">
      <h4>{titel}</h4>
      <p className="zacht">{uitleg}</p>
      <pre className="codeblok">
        <code ref={ref}>{opdracht}</code>
      </pre>
      <KopieerKnop tekst={opdracht} doel={ref} label={`Kopieer: ${titel.toLowerCase()}`} klein />
    </li>
  );
}

/** The key box and the ready-to-use examples. */
export function NieuweSleutel({ sleutel, prefix }: { sleutel: string; prefix: string | null }) {
  const sleutelRef = useRef<HTMLElement>(null);
  const tab = useSleutel();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  // The oldest version the monitor has, for a history example that answers 200 (an as-of date before the
  // first version is a 400). Asked with the new key: it sees every version.
  const versies = useQuery({
    queryKey: ['toegang', 'voorbeeld-versies', prefix],
    queryFn: () => apiData<Versies>('/v1/distributiemonitor/versies', { headers: { 'X-Api-Key': sleutel } }),
    retry: false,
    staleTime: Infinity,
  });
  const oudste = versies.data?.versies.at(-1)?.peildatum ?? null;
  const kop = `-H "X-Api-Key: ${sleutel}"`;
  const inGebruik = tab.sleutel === sleutel;

  return (
    <div className="nieuwe-sleutel">
      <section className="sleutel-getoond" aria-labelledby="sleutel-getoond-kop">
        <h3 id="sleutel-getoond-kop">Uw API-sleutel (tier standard)</h3>
        <p className="sleutel-getoond__waarschuwing">
          <strong>Alleen nu zichtbaar.</strong> Deze sleutel wordt niet opnieuw getoond: wij bewaren alleen een hash ervan.
          Kopieer hem nu en bewaar hem op een veilige plek, bijvoorbeeld in een wachtwoordkluis. Kwijt? Vraag dan een nieuwe aan.
        </p>
        <div className="sleutel-getoond__regel">
          <code ref={sleutelRef} className="sleutel-getoond__sleutel" data-testid="nieuwe-sleutel" aria-label="API-sleutel">
            {sleutel}
          </code>
          <KopieerKnop tekst={sleutel} doel={sleutelRef} label="Kopieer sleutel" />
        </div>
        <p className="zacht">
          Stuur de sleutel mee in de header <code>X-Api-Key</code> (of als <code>Authorization: Bearer …</code>). Deel hem niet en zet
          hem niet in code die anderen kunnen lezen.{prefix ? <> Herkenbaar aan het begin <code>{prefix}</code>.</> : null}
        </p>
        <p>
          {inGebruik ? (
            <span role="status" data-testid="nieuwe-sleutel-onthouden">
              Deze sleutel is in dit tabblad onthouden: het dashboard in dit tabblad gebruikt hem tot u het tabblad sluit of afmeldt (zie
              &quot;Ik heb al een sleutel&quot;). Een ander tabblad of venster kent hem niet; plak hem daar onder &quot;Ik heb al een sleutel&quot;.
            </span>
          ) : (
            <button type="button" className="knop knop--rand" onClick={() => tab.bewaar(sleutel)} disabled={!tab.opslagMogelijk}>
              Gebruik deze sleutel in dit tabblad
            </button>
          )}
        </p>
      </section>

      <h3>Direct proberen</h3>
      <ul className="curl-lijst">
        <CurlVoorbeeld
          titel="Volledige historie"
          uitleg="Alle datasetversies van de distributiemonitor; zonder sleutel alleen die van het laatste jaar."
          opdracht={`curl ${kop} "${origin}/v1/distributiemonitor/versies"`}
        />
        {oudste && (
          <CurlVoorbeeld
            titel="Markt op een oude peildatum"
            uitleg={`De vestigingen zoals ze waren op ${oudste}, de oudste datasetversie.`}
            opdracht={`curl ${kop} "${origin}/v1/distributiemonitor/vestigingen?peildatum=${oudste}"`}
          />
        )}
        <CurlVoorbeeld
          titel="CSV-export"
          uitleg="De eerste 500 vestigingen als CSV-bestand (UTF-8; de volgende met start=500); zonder sleutel alleen JSON."
          opdracht={`curl ${kop} -o vestigingen.csv "${origin}/v1/distributiemonitor/vestigingen?formaat=csv&rijen=500"`}
        />
      </ul>
    </div>
  );
}
