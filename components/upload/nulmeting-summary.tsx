// What the API recognised in the uploaded file: format, current label, index, address, measures.
import { gelezen, nietGelezen } from '@/lib/verduurzaming/rapport/gelezen';
import { datum, ep2 } from '@/lib/verduurzaming/rapport/opmaak';
import type { Nulmeting } from '@/lib/verduurzaming/types';
import { LabelChip } from './label-chip';

/** A summary of the nulmeting, listing recognised and missing fields. */
export function NulmetingSummary({ nulmeting }: { nulmeting: Nulmeting }) {
  const a = nulmeting.adres;
  const adres = [a.postcode, a.huisnummer, a.huisletter, a.toevoeging].filter((x) => x !== null && x !== '').join(' ');
  return (
    <section className="resultaat" aria-labelledby="herkend-kop" data-testid="nulmeting">
      <h2 id="herkend-kop">Gelezen uit het bestand</h2>
      <dl className="feiten">
        <dt>Formaat</dt>
        <dd>{nulmeting.format}</dd>
        <dt>Huidig label</dt>
        <dd>
          <LabelChip klasse={nulmeting.energieklasse} />
        </dd>
        <dt>Energie-indicator</dt>
        <dd>{nulmeting.energie_index_of_ep2 ? `${nulmeting.energie_index_of_ep2.soort} ${ep2(nulmeting.energie_index_of_ep2.waarde)}` : 'niet gevonden'}</dd>
        <dt>Adres in het bestand</dt>
        <dd>{adres || 'niet gevonden'}{a.bag_verblijfsobject_id ? ` (BAG ${a.bag_verblijfsobject_id})` : ''}</dd>
        <dt>Opnamedatum</dt>
        <dd>{nulmeting.opnamedatum ? datum(nulmeting.opnamedatum) : 'niet gevonden'}</dd>
        <dt>Maatregelen</dt>
        <dd>{nulmeting.maatregelen === null ? 'dit formaat bevat geen maatregelen' : `${nulmeting.maatregelen.length}`}</dd>
        {nulmeting.labelsprong && (
          <>
            <dt>Labelsprong (uit het bestand)</dt>
            <dd>
              <LabelChip klasse={nulmeting.labelsprong.van_klasse} /> → <LabelChip klasse={nulmeting.labelsprong.naar_klasse} /> ({nulmeting.labelsprong.stappen}{' '}
              {nulmeting.labelsprong.stappen === 1 ? 'stap' : 'stappen'})
            </dd>
          </>
        )}
      </dl>
      <p data-testid="gelezen">
        {gelezen(nulmeting.herkend) ? `Uit het bestand gelezen: ${gelezen(nulmeting.herkend)}.` : 'Uit het bestand is niets gelezen.'}
        {nietGelezen(nulmeting.niet_herkend) && <span className="zacht">{` Niet in het bestand: ${nietGelezen(nulmeting.niet_herkend)}.`}</span>}
      </p>
    </section>
  );
}
