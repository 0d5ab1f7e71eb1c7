// The field statuses of the property object: ok, onbekend (the source does not know it or was not asked)
// and onbeschikbaar (the source failed), per source and for a failing pand call.
import { describe, expect, it } from 'vitest';
import type { Locatie } from '@/lib/sources/pdok-locatieserver-convert';
import { herkomstVan, oudsteBouwjaar, stelPandSamen, veldUit, type Uitkomsten } from './pand-velden';
import { PAND_VELDEN, pandSchema } from './types';

const adres: Locatie = {
  id: 'adr-1',
  type: 'adres',
  weergavenaam: 'Anjerstraat 5, 7906LE Hoogeveen',
  bronregistratie: 'BAG',
  straatnaam: 'Anjerstraat',
  huisnummer: 5,
  huisletter: null,
  toevoeging: null,
  huisnummer_volledig: '5',
  postcode: '7906LE',
  woonplaats: 'Hoogeveen',
  woonplaats_code: '1926',
  gemeente: { code: 'GM0118', naam: 'Hoogeveen' },
  provincie: null,
  wijk_code: null,
  wijk_naam: null,
  buurt_code: 'BU01180105',
  buurt_naam: 'Bloemenbuurt',
  waterschap: null,
  nummeraanduiding_id: '0118200900087576',
  adresseerbaarobject_id: '0118010900087577',
  openbareruimte_id: null,
  percelen: null,
  appartementsrechten: null,
  coordinaten: { wgs84: { lon: 6.4706, lat: 52.7314 }, rd: { x: 228179.859, y: 527663.422 } },
};

const vbo = { identificatie: '0118010900087577', oppervlakte_m2: 96, gebruiksdoelen: ['woonfunctie'], status: 'Verblijfsobject in gebruik', pand_links: ['x'] };
const alles: Uitkomsten = {
  bag: { vbo, panden: [{ identificatie: '0118100001200409', bouwjaar: 1968, status: 'Pand in gebruik', aantal_verblijfsobjecten: 1 }], pandFout: false },
  woz: { object: { wozobjectnummer: null, gemeentecode: '0118', grondoppervlakte_m2: 122, adresseerbaarobject_id: null, nummeraanduiding_id: null, pand_ids: [], kadastrale_objecten: [], waarden: [{ peildatum: '2025-01-01', waarde: 251000 }] } },
  ep: { labels: [{ klasse: 'C', registratiedatum: '2025-05-20', geldig_tot: '2035-05-12', berekeningstype: 'NTA 8800:2024', gebouwtype: 'Rijwoning tussen', gebouwsubtype: null, opnamedatum: '2025-05-12' }] },
  brk: { perceel: { identificatie: 'HGV00-I-4945', kadastrale_gemeente: 'Hoogeveen', sectie: 'I', perceelnummer: 4945, grootte_m2: 122 } },
  cbs: { cijfers: { code: 'BU01180105', inwoners: 1340, gemiddelde_woz_waarde: 231000, peiljaar: 2024 } },
};
const statuses = (u: Uitkomsten) => Object.fromEntries(stelPandSamen(adres, u).herkomst_per_veld.map((h) => [h.veld, h.status]));

describe('stelPandSamen', () => {
  it('gives every field status ok when every source answered, in the declared shape', () => {
    const pand = stelPandSamen(adres, alles);
    expect(pandSchema.parse(pand)).toEqual(pand);
    expect(new Set(Object.values(statuses(alles)))).toEqual(new Set(['ok']));
    expect(pand.herkomst_per_veld.map((h) => h.veld), 'one entry per field, in the declared order').toEqual(PAND_VELDEN);
    expect(pand.buurt).toEqual({ code: 'BU01180105', naam: 'Bloemenbuurt', inwoners: 1340, gemiddelde_woz_waarde: 231000, peiljaar: 2024 });
    expect(pand.energielabel).toEqual({
      klasse: 'C',
      registratiedatum: '2025-05-20',
      geldig_tot_datum: '2035-05-12',
      berekeningstype: 'NTA 8800:2024',
      gebouwtype: 'Rijwoning tussen',
    });
  });

  it('marks the fields of a failed source onbeschikbaar and leaves the others ok', () => {
    expect(statuses({ ...alles, bag: null })).toMatchObject({
      bouwjaar: 'onbeschikbaar',
      gebruiksoppervlakte_m2: 'onbeschikbaar',
      gebruiksdoelen: 'onbeschikbaar',
      pandstatus: 'onbeschikbaar',
      woz_waarde: 'ok',
      energielabel: 'ok',
    });
    expect(statuses({ ...alles, cbs: null })).toMatchObject({ buurt: 'onbeschikbaar', kadastraal_perceel: 'ok' });
  });

  it('keeps the verblijfsobject fields when only the pand call failed', () => {
    expect(statuses({ ...alles, bag: { vbo, panden: [], pandFout: true } })).toMatchObject({
      bouwjaar: 'onbeschikbaar',
      pandstatus: 'onbeschikbaar',
      gebruiksoppervlakte_m2: 'ok',
      gebruiksdoelen: 'ok',
    });
  });

  it('is onbekend where a source does not know the address or was not asked', () => {
    const pand = stelPandSamen(adres, {
      bag: { vbo: null, panden: [], pandFout: false },
      woz: { object: { ...alles.woz!.object!, waarden: [] } },
      ep: { labels: [] },
      brk: undefined,
      cbs: { cijfers: null },
    });
    expect(pand.herkomst_per_veld.filter((h) => h.status !== 'ok').every((h) => h.status === 'onbekend' && pand[h.veld] === null)).toBe(true);
    expect(herkomstVan(pand, 'adres').status).toBe('ok');
  });

  it('makes the energy label onbeschikbaar when EP-Online was not called for want of a key', () => {
    const pand = stelPandSamen(adres, { ...alles, ep: { labels: null } });
    expect(pand.energielabel).toBeNull();
    expect(herkomstVan(pand, 'energielabel')).toMatchObject({ bron: 'ep-online', status: 'onbeschikbaar' });
  });
});

describe('helpers', () => {
  it('veldUit distinguishes failed, not asked and no value', () => {
    expect(veldUit('x', null, () => 1)).toEqual({ waarde: null, bron: 'x', status: 'onbeschikbaar' });
    expect(veldUit('x', undefined, () => 1)).toEqual({ waarde: null, bron: 'x', status: 'onbekend' });
    expect(veldUit('x', {}, () => null)).toEqual({ waarde: null, bron: 'x', status: 'onbekend' });
    expect(veldUit('x', {}, () => 0)).toEqual({ waarde: 0, bron: 'x', status: 'ok' });
  });

  it('oudsteBouwjaar takes the oldest known bouwjaar', () => {
    const p = (bouwjaar: number | null) => ({ identificatie: null, bouwjaar, status: null, aantal_verblijfsobjecten: null });
    expect(oudsteBouwjaar([p(1932), p(null), p(1890)])).toBe(1890);
    expect(oudsteBouwjaar([p(null)])).toBeNull();
  });
});
