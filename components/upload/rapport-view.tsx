// The JSON report on the page: the cover sheet (live property data with status per field), the signals
// and the measures ranked on target label. Costs and savings are only in the PDF (as the spec says).
import { stappenplanZin } from '@/lib/verduurzaming/rapport/maatregel-naam';
import { METHODIEK_PAD, METHODIEK_TITEL } from '@/lib/verduurzaming/methodiek-titel';
import { datum, ep2, euro, getal } from '@/lib/verduurzaming/rapport/opmaak';
import type { Rapport } from '@/lib/verduurzaming/rapport/report';
import { herkomstVan } from '@/lib/verduurzaming/pand-velden';
import type { PandVeld, VeldHerkomst } from '@/lib/verduurzaming/types';
import { LabelChip } from './label-chip';

export type RapportData = Rapport;

type Voorblad = Rapport['voorblad'];

function show(waarde: unknown, herkomst: VeldHerkomst, format: (w: never) => string): string {
  if (herkomst.status === 'onbeschikbaar') return 'bron niet beschikbaar';
  if (waarde === null) return 'onbekend bij de bron';
  return format(waarde as never);
}

/** Renders the report returned by POST /v1/verduurzaming/rapport. */
export function RapportView({ rapport }: { rapport: Rapport }) {
  const p = rapport.voorblad;
  const rijen: [string, PandVeld, (w: never) => string][] = [
    ['Adres', 'adres', (a: NonNullable<Voorblad['adres']>) => `${a.straat} ${a.huisnummer}${a.huisletter ?? ''}${a.toevoeging ? `-${a.toevoeging}` : ''}, ${a.postcode} ${a.woonplaats}`],
    ['Bouwjaar', 'bouwjaar', (j: number) => String(j)],
    ['Gebruiksoppervlakte', 'gebruiksoppervlakte_m2', (m: number) => `${getal(m)} m²`],
    ['Gebruiksdoelen', 'gebruiksdoelen', (d: string[]) => d.join(', ')],
    ['Pandstatus', 'pandstatus', (s: string) => s],
    ['WOZ-waarde', 'woz_waarde', (w: { waarde: number; peildatum: string }) => `${euro(w.waarde)} (peildatum ${datum(w.peildatum)})`],
    ['Geregistreerd label', 'energielabel', (l: { klasse: string; registratiedatum: string | null }) => `${l.klasse}${l.registratiedatum ? ` (geregistreerd ${datum(l.registratiedatum)})` : ''}`],
    ['Kadastraal perceel', 'kadastraal_perceel', (k: { identificatie: string; grootte_m2: number | null }) => `${k.identificatie}${k.grootte_m2 ? `, ${getal(k.grootte_m2)} m²` : ''}`],
    ['Buurt', 'buurt', (b: { code: string; naam: string | null; inwoners: number | null }) => `${b.naam ?? b.code}${b.inwoners ? `, ${getal(b.inwoners)} inwoners` : ''}`],
  ];

  return (
    <section className="resultaat" aria-labelledby="rapport-kop" data-testid="rapport">
      <h2 id="rapport-kop">Rapport</h2>
      <p>
        Huidig label <LabelChip klasse={rapport.huidig_label} groot />
        {rapport.adres.overeenkomst === 'nee' && (
          <span className="probleem" style={{ display: 'block' }}>
            Het adres in het bestand ({rapport.adres.bestand}) is niet het opgevraagde adres ({rapport.adres.opgevraagd}).
          </span>
        )}
      </p>

      <h3>Voorblad: actuele pandgegevens</h3>
      <dl className="feiten">
        {rijen.map(([naam, veld, fmt]) => (
          <div key={naam} style={{ display: 'contents' }}>
            <dt>{naam}</dt>
            <dd className={herkomstVan(p, veld).status === 'ok' ? undefined : 'zacht'} title={`bron: ${herkomstVan(p, veld).bron}`}>
              {show(p[veld], herkomstVan(p, veld), fmt)}
            </dd>
          </div>
        ))}
      </dl>

      {rapport.signalen.length > 0 && (
        <>
          <h3>Signalen</h3>
          <ul>
            {rapport.signalen.map((s) => (
              <li key={s.code}>
                {s.tekst} <span className="zacht">({s.regel})</span>
              </li>
            ))}
          </ul>
        </>
      )}

      <h3>Maatregelen, beste doellabel eerst</h3>
      {rapport.maatregelen.length === 0 ? (
        <p className="zacht">Het bestand noemt geen maatregelen met een doellabel.</p>
      ) : (
        <div className="tabel-houder" tabIndex={0} role="region" aria-label="Maatregelen">
          <table className="maatregelen">
            <thead>
              <tr>
                <th>Maatregel</th>
                <th>Doel&shy;label</th>
                <th className="getal">Doel-index</th>
                <th className="getal">Label&shy;stappen</th>
              </tr>
            </thead>
            <tbody>
              {rapport.maatregelen.map((m) => (
                <tr key={`${m.rang}-${m.omschrijving}`}>
                  <td className="maatregel-naam">{m.naam}</td>
                  <td>
                    <LabelChip klasse={m.doel_label} />
                  </td>
                  <td className="getal">{ep2(m.doel_index)}</td>
                  <td className="getal">{m.labelstappen === null ? '–' : `${m.labelstappen > 0 ? '+' : ''}${m.labelstappen}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {stappenplanZin(rapport.nulmeting.stappenplan_inhoud, rapport.maatregelen) && (
        <p data-testid="stappenplan">{stappenplanZin(rapport.nulmeting.stappenplan_inhoud, rapport.maatregelen)}</p>
      )}
      <p className="zacht">
        {rapport.kosten_en_besparingen} Lees de <a href={METHODIEK_PAD}>{METHODIEK_TITEL}</a>.
      </p>
    </section>
  );
}
