// The zero-measurement reader against every sample and built input (deep equality on the fields of
// its expected.json), plus the derived parts (labelsprong, herkend/niet_herkend) and the refusals.
import { describe, expect, it } from 'vitest';
import { leesNulmeting } from './lees';
import { GEZOCHTE_VELDEN } from './herkenning';
import { nulmetingSchema } from '@/lib/verduurzaming/types';
import { Problem } from '@/lib/api/problems';
import { fixtureText, validFixtures } from '@/test/fixtures/energy/fixtures';

function problemOf(fn: () => unknown): Problem {
  try {
    fn();
  } catch (e) {
    if (e instanceof Problem) return e;
    throw e;
  }
  throw new Error('expected a Problem');
}

describe('leesNulmeting on the fixtures', () => {
  it.each(validFixtures().map((f) => [f.name, f] as const))('%s gives exactly its expected.json values', (_n, f) => {
    const r = leesNulmeting(f.xml);
    const picked = Object.fromEntries(Object.keys(f.expected).map((k) => [k, (r as Record<string, unknown>)[k]]));
    expect(picked).toEqual(f.expected);
    expect(nulmetingSchema.parse(r)).toEqual(r);
    expect([...r.herkend, ...r.niet_herkend].sort()).toEqual([...GEZOCHTE_VELDEN].sort());
  });

  it('E-variants give the same values as their base file', () => {
    const s01 = leesNulmeting(fixtureText('s01_monitoringsbestand_v4.4_rijwoning_C.xml'));
    const s05 = leesNulmeting(fixtureText('s05_variant_prefix-ns0_crlf_whitespace.xml'));
    expect(s05).toEqual(s01);
    const s04 = leesNulmeting(fixtureText('s04_maatwerkadvies_v2.0_rijwoning_E_BRP.xml'));
    const s06 = leesNulmeting(fixtureText('s06_variant_defaultns_bom.xml'));
    expect(s06).toEqual(s04);
  });

  it('s01: herkend lists the found fields, niet_herkend the missing ones, labelsprong null without measures', () => {
    const r = leesNulmeting(fixtureText('s01_monitoringsbestand_v4.4_rijwoning_C.xml'));
    expect(r.herkend).toEqual(['energieklasse', 'energie_index_of_ep2', 'adres.postcode', 'adres.huisnummer', 'adres.bag_verblijfsobject_id', 'opnamedatum']);
    expect(r.niet_herkend).toEqual(['adres.huisletter', 'adres.toevoeging', 'maatregelen']);
    expect(r.labelsprong).toBeNull();
  });

  it('s04: labelsprong from the current class to the best target label in the file', () => {
    const r = leesNulmeting(fixtureText('s04_maatwerkadvies_v2.0_rijwoning_E_BRP.xml'));
    expect(r.labelsprong).toEqual({ van_klasse: 'E', naar_klasse: 'A++', stappen: 6 });
    expect(r.niet_herkend).toEqual(['adres.postcode', 'adres.huisnummer', 'adres.huisletter', 'adres.toevoeging']);
  });

  it('s04: the steps have no description, so what the whole plan changes comes from the Summary', () => {
    const r = leesNulmeting(fixtureText('s04_maatwerkadvies_v2.0_rijwoning_E_BRP.xml'));
    expect(r.maatregelen?.map((m) => m.omschrijving)).toEqual(['Step1', 'Step2', 'Step3']); // as in the file
    expect(r.stappenplan_inhoud).toEqual([
      'gevelisolatie',
      'dakisolatie',
      'vloerisolatie',
      'isolatieglas',
      'isolerende deuren',
      'kierdichting',
      'elektrisch aangedreven warmtepomp',
      'mechanische afvoer (ventilatiesysteem C)',
      'douche-wtw',
      'zonnepanelen',
    ]);
    // The same file with the root in the default namespace reads the same.
    expect(leesNulmeting(fixtureText('s06_variant_defaultns_bom.xml')).stappenplan_inhoud).toEqual(r.stappenplan_inhoud);
  });

  it('other formats and a maatwerkadvies without steps carry no stappenplan_inhoud', () => {
    for (const f of ['built/m05_maatwerkadvies_v2.0_zonder_brp.xml', 's01_monitoringsbestand_v4.4_rijwoning_C.xml', 'built/m02_monitoringsbestand_2019_vrijstaand_D.xml']) {
      expect(leesNulmeting(fixtureText(f))).not.toHaveProperty('stappenplan_inhoud');
    }
  });

  it('m04 (registered current label D, best step A+): labelsprong D -> A+ is 4 classes', () => {
    const r = leesNulmeting(fixtureText('built/m04_maatwerkadvies_v2.0_ligplaats_reg.xml'));
    expect(r.labelsprong).toEqual({ van_klasse: 'D', naar_klasse: 'A+', stappen: 4 });
    expect(r.adres.bag_verblijfsobject_id).toBeNull();
  });

  it('m05 (BRP=false): no current label, no steps, so no labelsprong; maatregelen is [] (format knows measures)', () => {
    const r = leesNulmeting(fixtureText('built/m05_maatwerkadvies_v2.0_zonder_brp.xml'));
    expect(r.maatregelen).toEqual([]);
    expect(r.labelsprong).toBeNull();
    expect(r.niet_herkend).toContain('maatregelen');
  });

  it('2019 set: measures carry no target, so no labelsprong', () => {
    const r = leesNulmeting(fixtureText('built/m02_monitoringsbestand_2019_vrijstaand_D.xml'));
    expect(r.maatregelen).toHaveLength(2);
    expect(r.labelsprong).toBeNull();
  });

  it('v4.0: ignores ReferenceBuildingList addresses, Labelklassegrenzen and the inner NTA block', () => {
    const r = leesNulmeting(fixtureText('built/m01_monitoringsbestand_v4.0_hoekwoning_B.xml'));
    expect(r.energieklasse).toBe('B');
    expect(r.adres.postcode).toBe('5611AB');
    expect(r.adres.bag_verblijfsobject_id).toBe('0772010000123456');
  });

  it('refuses a bulk legacy export with more than one record (422)', () => {
    const p = problemOf(() => leesNulmeting(fixtureText('built/m10_pandcertificaat_bulk.xml')));
    expect(p.status).toBe(422);
    expect(p.code).toBe('unprocessable_xml');
    expect(p.detail).toMatch(/2 energielabelregistraties/);
  });
});

describe('leesNulmeting on hostile and wrong input', () => {
  it('malformed.xml: 400 with line/column of the truncation, no fields', () => {
    const p = problemOf(() => leesNulmeting(fixtureText('bad/malformed.xml')));
    expect(p.status).toBe(400);
    expect(p.code).toBe('bad_request');
    expect(p.detail).toMatch(/geen welgevormde XML \(regel 42, kolom 1\)/);
    expect(p.detail).toMatch(/<SurveyDate>, is geopend op regel 40, kolom 7/);
    expect(p.extra).toEqual({ regel: 42, kolom: 1 });
  });

  it('not-energy.xml (RSS): 422, and nothing read from the prose', () => {
    const p = problemOf(() => leesNulmeting(fixtureText('bad/not-energy.xml')));
    expect(p.status).toBe(422);
    expect(p.code).toBe('unprocessable_xml');
    expect(p.detail).toMatch(/Geen energiegegevens herkend/);
    expect(p.detail).toMatch(/<rss>/);
    expect(p.detail).not.toMatch(/3514CN|energielabel van C/);
  });

  it('billion-laughs.xml: 400 before any parsing, quickly', () => {
    const t = performance.now();
    const p = problemOf(() => leesNulmeting(fixtureText('bad/billion-laughs.xml')));
    expect(performance.now() - t).toBeLessThan(100);
    expect(p.status).toBe(400);
    expect(p.detail).toMatch(/DTD of entiteitsdeclaratie \(<!DOCTYPE, regel 2, kolom 1\)/);
  });

  it('external-entity.xml: 400, passwd never read, no toevoeging returned', () => {
    const p = problemOf(() => leesNulmeting(fixtureText('bad/external-entity.xml')));
    expect(p.status).toBe(400);
    expect(p.detail).toMatch(/niet geaccepteerd/);
    expect(JSON.stringify(p)).not.toMatch(/root:|passwd/);
  });

  it('deep-nesting.xml (10,000 levels): 400 at the depth limit, without recursion', () => {
    const t = performance.now();
    const p = problemOf(() => leesNulmeting(fixtureText('bad/deep-nesting.xml')));
    expect(performance.now() - t).toBeLessThan(200);
    expect(p.status).toBe(400);
    expect(p.detail).toMatch(/dieper genest dan 256 niveaus/);
  });

  it('a DOCTYPE without entities is refused too, as is a bare ENTITY declaration', () => {
    expect(problemOf(() => leesNulmeting('<!DOCTYPE a><a/>')).status).toBe(400);
    expect(problemOf(() => leesNulmeting('<a><!ENTITY x "y"></a>')).status).toBe(400);
    expect(problemOf(() => leesNulmeting('<!doctype a><a/>')).status).toBe(400);
  });

  it('a reference to an undeclared entity is refused (no DTD, so it cannot be resolved)', () => {
    const s01 = fixtureText('s01_monitoringsbestand_v4.4_rijwoning_C.xml').replace('<Number>27</Number>', '<Number>&xxe;</Number>');
    const p = problemOf(() => leesNulmeting(s01));
    expect(p.status).toBe(400);
    expect(p.detail).toMatch(/entiteit die niet is gedeclareerd \(&xxe;/);
  });

  it('a well-formed monitoringsbestand without any looked-for field is 422', () => {
    const xml = '<tns:Energieprestatie xmlns:tns="http://schemas.ep-online.nl/monitoringbestand"><EPMeta><Version>11.00</Version></EPMeta></tns:Energieprestatie>';
    const p = problemOf(() => leesNulmeting(xml));
    expect(p.status).toBe(422);
    expect(p.detail).toMatch(/ep-online-monitoringsbestand-v4.4/);
  });

  it('a label-like word in an unknown document is not picked up', () => {
    const xml = '<doc><Labelklasse>C</Labelklasse><ZipCode>3514CN</ZipCode><Number>27</Number></doc>';
    expect(problemOf(() => leesNulmeting(xml)).status).toBe(422);
  });
});

describe('leesNulmeting tolerance', () => {
  const s01 = () => fixtureText('s01_monitoringsbestand_v4.4_rijwoning_C.xml');

  it('reads predefined entities and character references in values', () => {
    const r = leesNulmeting(s01().replace('<Labelklasse>C</Labelklasse>', '<Labelklasse>&#67;</Labelklasse>'));
    expect(r.energieklasse).toBe('C');
  });

  it('reads CDATA values and lower-case labels', () => {
    const r = leesNulmeting(s01().replace('<Labelklasse>C</Labelklasse>', '<Labelklasse><![CDATA[ c ]]></Labelklasse>'));
    expect(r.energieklasse).toBe('C');
  });

  it('every element prefixed (children qualified too) still reads by local name', () => {
    const text = s01();
    // The embedded NTA block keeps its own default namespace; everything around it gets tns:.
    const a = text.indexOf('<SurveySourceData>') + '<SurveySourceData>'.length;
    const b = text.indexOf('</SurveySourceData>');
    const qualify = (part: string) => part.replace(/<(\/?)(?!tns:|\?|!)([A-Za-z])/g, '<$1tns:$2');
    const xml = qualify(text.slice(0, a)) + text.slice(a, b) + qualify(text.slice(b));
    expect(xml).toContain('<tns:Labelklasse>C</tns:Labelklasse>');
    const r = leesNulmeting(xml);
    expect(r.energieklasse).toBe('C');
    expect(r.adres.postcode).toBe('3514CN');
  });

  it('a root without namespace is told apart by structure (EPMeta = monitoringsbestand, Versie/Gebouw = NTA 8800)', () => {
    const plain = s01().replace('<tns:Energieprestatie xmlns:tns="http://schemas.ep-online.nl/monitoringbestand">', '<Energieprestatie>').replace('</tns:Energieprestatie>', '</Energieprestatie>');
    expect(leesNulmeting(plain).format).toBe('ep-online-monitoringsbestand-v4.4');
    const nta = fixtureText('built/m06_nta8800_export_v4.4_uit_s01.xml').replace(' xmlns="urn:nl.nta.8800.export"', '');
    expect(leesNulmeting(nta).format).toBe('nta-8800-export-v4.4');
  });

  it('A+++++ and NVT are not classes of LABEL_CLASSES: energieklasse null, listed as niet_herkend', () => {
    const r = leesNulmeting(s01().replace('<Labelklasse>C</Labelklasse>', '<Labelklasse>A+++++</Labelklasse>'));
    expect(r.energieklasse).toBeNull();
    expect(r.niet_herkend).toContain('energieklasse');
  });

  it('an unknown EPMeta/Version is read with the same paths and named onbekende-versie', () => {
    const r = leesNulmeting(s01().replace('<Version>11.00</Version>', '<Version>12.00</Version>'));
    expect(r.format).toBe('ep-online-monitoringsbestand-onbekende-versie');
    expect(r.energieklasse).toBe('C');
  });

  it('a postcode with a space is normalised; an invalid one is null', () => {
    expect(leesNulmeting(s01().replace('<ZipCode>3514CN</ZipCode>', '<ZipCode>3514 cn</ZipCode>')).adres.postcode).toBe('3514CN');
    expect(leesNulmeting(s01().replace('<ZipCode>3514CN</ZipCode>', '<ZipCode>35140</ZipCode>')).adres.postcode).toBeNull();
  });

  it('a ligplaats id in BAGResidenceId is not a verblijfsobject id', () => {
    const r = leesNulmeting(s01().replace('0344010000732415', '0344020000732415'));
    expect(r.adres.bag_verblijfsobject_id).toBeNull();
  });

  it('an impossible survey date gives null', () => {
    expect(leesNulmeting(s01().replace('<SurveyDate>20260312</SurveyDate>', '<SurveyDate>20260231</SurveyDate>')).opnamedatum).toBeNull();
  });
});
