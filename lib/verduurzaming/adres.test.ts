// Choosing the address of postcode + huisnummer + toevoeging among Locatieserver results (demo answer for
// Witte de Withstraat 42, Rotterdam: four apartments 42A-42D), and the query sent to the free search.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { solrAnswerSchema, toLocatie, type Locatie } from '@/lib/sources/pdok-locatieserver-convert';
import { adresZoekvraag, kiesAdres, toevoegingVan } from './adres';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'pdok-locatieserver');
const items = (file: string): Locatie[] =>
  solrAnswerSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))).response.docs.map(toLocatie);
const wdw = items('free-adres-witte-de-withstraat-42a-rotterdam.json');

describe('kiesAdres', () => {
  it.each([
    ['A', 'Witte de Withstraat 42A, 3012BR Rotterdam'],
    ['a', 'Witte de Withstraat 42A, 3012BR Rotterdam'],
    [' c ', 'Witte de Withstraat 42C, 3012BR Rotterdam'],
  ])('toevoeging %j chooses %s', (toevoeging, weergavenaam) => {
    const keuze = kiesAdres(wdw, '3012 br', 42, toevoeging);
    expect(keuze.gekozen?.weergavenaam).toBe(weergavenaam);
  });

  it('without toevoeging finds nothing where only lettered addresses exist, and lists them', () => {
    expect(kiesAdres(wdw, '3012BR', 42)).toEqual({ gekozen: null, mogelijk: ['A', 'B', 'C', 'D'] });
  });

  it('with an unknown toevoeging finds nothing', () => {
    expect(kiesAdres(wdw, '3012BR', 42, 'Z').gekozen).toBeNull();
  });

  it('ignores results of another postcode or huisnummer', () => {
    expect(kiesAdres(wdw, '3012BR', 44, 'A').gekozen).toBeNull();
    expect(kiesAdres(wdw, '3012BS', 42, 'A').gekozen).toBeNull();
  });

  it('matches an address without letter or toevoeging when none is asked', () => {
    const [anjer] = items('free-adres-anjerstraat-5-hoogeveen.json');
    expect(kiesAdres([anjer], '7906LE', 5, undefined).gekozen?.adresseerbaarobject_id).toBe('0118010900087577');
  });

  it('matches letter plus addition written with or without a dash', () => {
    const base = wdw[0];
    const a2: Locatie = { ...base, huisletter: 'A', toevoeging: '2' };
    const bis: Locatie = { ...base, huisletter: null, toevoeging: 'bis' };
    expect(kiesAdres([bis, a2], '3012BR', 42, 'A-2').gekozen).toBe(a2);
    expect(kiesAdres([bis, a2], '3012BR', 42, 'a2').gekozen).toBe(a2);
    expect(kiesAdres([bis, a2], '3012BR', 42, 'BIS').gekozen).toBe(bis);
    expect(toevoegingVan(a2)).toBe('A-2');
  });
});

describe('adresZoekvraag', () => {
  it('filters on type adres, postcode and huisnummer, asking the maximum number of rows', () => {
    expect(adresZoekvraag('3012 br', 42)).toEqual({
      q: 'postcode:3012BR AND huisnummer:42',
      fq: 'type:adres AND postcode:3012BR AND huisnummer:42',
      rows: 100,
    });
  });
});
