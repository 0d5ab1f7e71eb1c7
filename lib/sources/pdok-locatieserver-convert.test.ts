// Conversion of recorded PDOK Locatieserver answers (test/upstream/fixtures/pdok-locatieserver, see its
// MANIFEST.md) into our suggestion and location objects, with the expected values written out.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  gemeenteCodeOf,
  locatieSchema,
  parseWktPoint,
  solrAnswerSchema,
  toLocatie,
  toReverseTreffer,
  binnenAfstand,
  toSuggestie,
  type LocatieserverDoc,
} from './pdok-locatieserver-convert';
import { naarRd } from '@/lib/geo/rd';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'pdok-locatieserver');
function docs(file: string): LocatieserverDoc[] {
  return solrAnswerSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))).response.docs;
}

describe('toLocatie on recorded adres documents', () => {
  it('normalises the recorded lookup of Europalaan 93, Utrecht completely', () => {
    const [doc] = docs('lookup-europalaan-93-utrecht.json');
    const locatie = toLocatie(doc);
    expect(locatie).toEqual({
      id: 'adr-bf54db721969487ed33ba84d9973c702',
      type: 'adres',
      weergavenaam: 'Europalaan 93, 3526KP Utrecht',
      bronregistratie: 'BAG',
      straatnaam: 'Europalaan',
      huisnummer: 93,
      huisletter: null,
      toevoeging: null,
      huisnummer_volledig: '93',
      postcode: '3526KP',
      woonplaats: 'Utrecht',
      woonplaats_code: '3295',
      gemeente: { code: 'GM0344', naam: 'Utrecht' },
      provincie: { code: 'PV26', naam: 'Utrecht', afkorting: 'UT' },
      wijk_code: null,
      wijk_naam: null,
      buurt_code: null,
      buurt_naam: null,
      waterschap: null,
      nummeraanduiding_id: '0344200000128086',
      adresseerbaarobject_id: '0344010000006589',
      openbareruimte_id: '0344300000000177',
      percelen: ['UTT00-R-364'],
      appartementsrechten: null,
      coordinaten: { wgs84: { lon: 5.10696041, lat: 52.06415055 }, rd: { x: 135782.745, y: 452910.011 } },
    });
    expect(locatieSchema.safeParse(locatie).success).toBe(true);
  });

  it('keeps wijk, buurt, waterschap and apartment rights of the recorded Lijsterstraat 20 lookup', () => {
    const locatie = toLocatie(docs('lookup-lijsterstraat-20-amersfoort.json')[0]);
    expect(locatie.gemeente).toEqual({ code: 'GM0307', naam: 'Amersfoort' });
    expect(locatie.wijk_code).toBe('WK030710');
    expect(locatie.wijk_naam).toBe('Wijk 10 Liendert');
    expect(locatie.buurt_code).toBe('BU03071001');
    expect(locatie.buurt_naam).toBe('Vinkenbaan');
    expect(locatie.waterschap).toEqual({ code: '08', naam: 'Vallei & Veluwe' });
    expect(locatie.percelen).toEqual(['AMF00-A-6864']);
    expect(locatie.appartementsrechten).toEqual(['AMF00-A-6892-A-1']);
    expect(locatie.coordinaten.rd).toEqual({ x: 155990.61, y: 464256.19 });
  });

  it('lists both linked parcels of the recorded free answer for Bolstraat 1, Utrecht', () => {
    const locatie = toLocatie(docs('free-bolstraat-1-utrecht.json')[0]);
    expect(locatie.weergavenaam).toBe('Bolstraat 1, 3581WS Utrecht');
    expect(locatie.percelen).toEqual(['ASD40-C-7285', 'ASD40-C-8930']);
    expect(locatie.coordinaten.wgs84).toEqual({ lon: 5.13287587, lat: 52.08884161 });
  });
});

describe('toLocatie on other document types', () => {
  it('converts the recorded postcode document with the fields it has and nulls for the rest', () => {
    const locatie = toLocatie(docs('free-postcode-1118cp.json')[0]);
    expect(locatie).toMatchObject({
      id: 'pcd-09770981e1b8842ea384e1ff1b3f32ee',
      type: 'postcode',
      weergavenaam: 'Evert van de Beekstraat, 1118CP Schiphol',
      straatnaam: 'Evert van de Beekstraat',
      postcode: '1118CP',
      huisnummer: null,
      nummeraanduiding_id: null,
      adresseerbaarobject_id: null,
      openbareruimte_id: '0394300000000046',
      woonplaats: 'Schiphol',
      gemeente: { code: 'GM0394', naam: 'Haarlemmermeer' },
      provincie: { code: 'PV27', naam: 'Noord-Holland', afkorting: 'NH' },
      percelen: null,
      coordinaten: { wgs84: { lon: 4.74654356, lat: 52.3031994 }, rd: { x: 111302.82, y: 479662.782 } },
    });
  });

  it('converts the built weg document (Damrak) without address fields', () => {
    const weg = docs('free-damrak.json').find((d) => d.type === 'weg') as LocatieserverDoc;
    const locatie = toLocatie(weg);
    expect(locatie.type).toBe('weg');
    expect(locatie.straatnaam).toBe('Damrak');
    expect(locatie.postcode).toBeNull();
    expect(locatie.huisnummer).toBeNull();
    expect(locatie.gemeente).toEqual({ code: 'GM0363', naam: 'Amsterdam' });
  });

  it.each([
    ['woonplaats', { type: 'woonplaats', id: 'wpl-0123456789abcdef0123456789abcdef', weergavenaam: 'Leiden, Leiden, Zuid-Holland', woonplaatsnaam: 'Leiden', woonplaatscode: '1180', gemeentecode: '0546', gemeentenaam: 'Leiden', provinciecode: 'PV28', provincienaam: 'Zuid-Holland' }],
    ['gemeente', { type: 'gemeente', id: 'gem-0123456789abcdef0123456789abcdef', weergavenaam: 'Gemeente Leiden', gemeentecode: '0546', gemeentenaam: 'Leiden', provinciecode: 'PV28', provincienaam: 'Zuid-Holland' }],
  ])('converts a %s document with its municipality and province', (type, doc) => {
    const locatie = toLocatie(doc);
    expect(locatie.type).toBe(type);
    expect(locatie.gemeente).toEqual({ code: 'GM0546', naam: 'Leiden' });
    expect(locatie.provincie?.code).toBe('PV28');
    expect(locatie.straatnaam).toBeNull();
    expect(locatie.coordinaten).toEqual({ wgs84: null, rd: null });
    expect(locatieSchema.safeParse(locatie).success).toBe(true);
  });

  it('reads huisletter and toevoeging when the document has them', () => {
    const locatie = toLocatie({ id: 'adr-x', type: 'adres', huisnummer: 23, huisletter: 'L', huisnummertoevoeging: '1', huis_nlt: '23L-1' });
    expect([locatie.huisnummer, locatie.huisletter, locatie.toevoeging, locatie.huisnummer_volledig]).toEqual([23, 'L', '1', '23L-1']);
  });
});

describe('toSuggestie', () => {
  it('gives id, weergavenaam and type of every recorded suggestion, in order', () => {
    const suggesties = docs('suggest-westeringlaan-maasbree.json').map(toSuggestie);
    expect(suggesties).toHaveLength(10);
    expect(suggesties[0]).toEqual({
      id: 'adr-e85f57567117b6063da3169022c89513',
      weergavenaam: 'Westeringlaan 18A-1, 5993CG Maasbree',
      type: 'adres',
    });
    expect(suggesties[9]?.weergavenaam).toBe('Westeringlaan 18B-5, 5993CG Maasbree');
  });

  it('keeps a document without id (id null) and drops only one with neither id nor weergavenaam', () => {
    expect(toSuggestie({ weergavenaam: 'x', type: 'adres' })).toEqual({ id: null, weergavenaam: 'x', type: 'adres' });
    expect(toSuggestie({ type: 'adres' })).toBeNull();
  });
});

describe('small parsers', () => {
  it.each([
    ['POINT(4.49157312 52.16420333)', [4.49157312, 52.16420333]],
    ['POINT (137569.474 455650.561)', [137569.474, 455650.561]],
    ['point(-1.5 2)', [-1.5, 2]],
    ['POLYGON((1 2, 3 4))', null],
    ['', null],
    [undefined, null],
  ])('parseWktPoint(%j) = %j', (wkt, expected) => {
    expect(parseWktPoint(wkt)).toEqual(expected);
  });

  it.each([
    ['0344', 'GM0344'],
    ['344', 'GM0344'],
    [344, 'GM0344'],
    ['GM0363', 'GM0363'],
    ['', null],
    ['abc', null],
    [null, null],
  ])('gemeenteCodeOf(%j) = %j', (input, expected) => {
    expect(gemeenteCodeOf(input)).toBe(expected);
  });
});

describe('toReverseTreffer (reverse geocoder)', () => {
  it('reads the recorded reverse answer for 3e Binnenvestgracht 23, Leiden (narrow fl: no id, afstand or wijk/buurt)', () => {
    const treffers = docs('reverse-3e-binnenvestgracht-23-leiden.json').map(toReverseTreffer);
    expect(treffers.map((t) => t.huisnummer_volledig)).toEqual(['23L-1', '23L-2', '23K', '23M', '23J']);
    // Letter and toevoeging only in huis_nlt: derived from it.
    expect(treffers.map((t) => [t.huisletter, t.toevoeging])).toEqual([['L', '1'], ['L', '2'], ['K', null], ['M', null], ['J', null]]);
    expect(treffers[0]).toMatchObject({
      id: null,
      type: null,
      straatnaam: '3e Binnenvestgracht',
      huisnummer: 23,
      postcode: '2312NR',
      woonplaats: 'Leiden',
      gemeente: { code: 'GM0546', naam: 'Leiden' },
      provincie: { code: 'PV28', naam: 'Zuid-Holland', afkorting: null },
      buurt_code: null,
      wijk_code: null,
      afstand_m: null,
      coordinaten: { wgs84: { lon: 4.49157312, lat: 52.16420333 } },
    });
    // No centroide_rd in the answer: RD derived from the WGS84 point.
    expect(treffers[0].coordinaten.rd).toEqual(naarRd({ lon: 4.49157312, lat: 52.16420333 }));
  });

  it('keeps the distance of a built reverse document (Witte de Withstraat 42A, Rotterdam)', () => {
    const t = toReverseTreffer(docs('reverse-witte-de-withstraat-42-rotterdam.json')[0]);
    expect(t).toMatchObject({ weergavenaam: 'Witte de Withstraat 42A, 3012BR Rotterdam', afstand_m: 2.7, buurt_code: 'BU05990112', gemeente: { code: 'GM0599' } });
  });

  it('sorts nearest first and drops documents beyond the asked distance', () => {
    const [a] = docs('reverse-witte-de-withstraat-42-rotterdam.json').map(toReverseTreffer);
    const ver = { ...a, id: 'ver', afstand_m: 12.5 };
    const zonder = { ...a, id: 'zonder', afstand_m: null };
    expect(binnenAfstand([zonder, ver, a], 20).map((t) => t.id)).toEqual([a.id, 'ver', 'zonder']);
    expect(binnenAfstand([ver, a], 10).map((t) => t.id)).toEqual([a.id]);
  });
});
