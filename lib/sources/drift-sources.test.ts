// Format drift of every adapter wired in lib/sources/drift.ts, against the replay server: per source a variant
// of a recording with one element or field added (valued "geheim-waarde") and one expected element or field
// taken away; the adapter still answers, and the drift events name the new and the missing field, by name only.
// npm run probe reports the same for the streamed and XML sources.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { metReplay } from '@/test/upstream/met-replay';
import { onSourceDrift, type DriftEvent } from './drift';
import { brugopeningenFeed, veiligheidsberichtenFeed } from './ndw-brugopeningen';
import { maatregelenFeed, meetlocaties, reistijden } from './ndw-verkeer';
import { milieuzones } from './ndw-emissiezones';
import { laadlocaties } from './ndw-laadpunten';
import { uitspraak } from './rechtspraak';
import { regeling } from './bwb-repository';
import { bgtObjectenRond } from './bgt';
import { monumentenRond } from './rce-monumenten';
import { GBFS_SYSTEMEN, systeemStations } from './gbfs';
import { verblijfsobject } from './bag-ogc';
import { perceelOpPunt } from './brk-kadastrale-kaart';
import { adressenUitgebreid } from './bag-individuele-bevragingen';
import { subsidieBedragen } from './rvo-isde';
import { probeSource } from './probe';
import { sourceById } from './registry';

const r = metReplay({ kopie: true, env: { BAG_API_KEY: 'replay-test' } });
const SECRET = 'geheim-waarde';

/** Rewrites a recording in the served copy (gunzipped and gzipped again for .gz files). */
function variant(bron: string, file: string, change: (text: string) => string): void {
  const full = path.join(r.dir(), bron, file);
  const raw = fs.readFileSync(full);
  const gz = file.endsWith('.gz');
  const before = (gz ? gunzipSync(raw) : raw).toString('utf8');
  const after = change(before);
  expect(after).not.toBe(before);
  fs.writeFileSync(full, gz ? gzipSync(after) : after);
}

/** Adds <nieuwElement> as the first child of the first element with this local name. */
const addElement = (parent: string) => (xml: string) =>
  xml.replace(new RegExp(`<([\\w-]+:)?${parent}(\\s[^>]*)?>`), (m) => `${m}<nieuwElement>${SECRET}</nieuwElement>`);
/** Removes every element with this local name (a leaf). */
const removeElement = (name: string) => (xml: string) => xml.replace(new RegExp(`<([\\w-]+:)?${name}(\\s[^>]*)?>[^<]*</([\\w-]+:)?${name}>`, 'g'), '');
const both = (parent: string, missing: string) => (xml: string) => removeElement(missing)(addElement(parent)(xml));

let events: DriftEvent[] = [];
const stop = onSourceDrift((e) => events.push(e));
afterEach(() => {
  events = [];
});
process.on('exit', stop);

const of = (bron: string, soort: DriftEvent['soort']) => events.filter((e) => e.bron === bron && e.soort === soort).map((e) => e.veld);

function expectDrift(bron: string, unknown: RegExp, missing: RegExp | null) {
  expect(of(bron, 'onbekend')).toEqual([expect.stringMatching(unknown)]);
  if (missing) {
    // a removed element may be missing in several places: every name reported is one of them
    expect(of(bron, 'ontbrekend').length).toBeGreaterThan(0);
    expect(of(bron, 'ontbrekend').filter((v) => !missing.test(v))).toEqual([]);
  }
  expect(JSON.stringify(events)).not.toContain(SECRET); // names only, never values
}

describe('format drift of the XML and streamed sources', () => {
  it('has no drift on the recordings themselves', async () => {
    await brugopeningenFeed();
    await meetlocaties();
    await milieuzones();
    await uitspraak('ECLI:NL:RBAMS:2010:BO3979');
    await regeling('BWBR0002458');
    expect(events).toEqual([]);
  });

  it('ndw-brugopeningen: a new element in a situation record, a missing creation time', async () => {
    variant('ndw-brugopeningen', 'brugopeningen.xml.gz', both('situationRecord', 'situationRecordCreationTime'));
    const feed = await brugopeningenFeed();
    expect(feed.data.items.length).toBe(1586);
    expectDrift('ndw-brugopeningen', /^situation\.situationRecord\.nieuwElement$/, /^situation\.situationRecord\.situationRecordCreationTime$/);
  });

  it('ndw-srti: a new element, values without a value', async () => {
    variant('ndw-srti', 'veiligheidsgerelateerde_berichten_srti.xml.gz', both('situationRecord', 'value'));
    await veiligheidsberichtenFeed();
    expectDrift('ndw-srti', /^situation\.situationRecord\.nieuwElement$/, /\.values\.value$/);
  });

  it('ndw-meetlocaties: a new element, a missing version time, and a record the converter cannot read', async () => {
    variant('ndw-meetlocaties', 'measurement_current.xml.gz', (xml) =>
      both('measurementSiteRecord', 'measurementSiteRecordVersionTime')(xml).replace(/(<([\w-]+:)?measurementSiteRecord)\s+id="[^"]*"/, '$1'),
    );
    await meetlocaties();
    expectDrift('ndw-meetlocaties', /^measurementSiteRecord\.nieuwElement$/, /^measurementSiteRecord\.measurementSiteRecordVersionTime$/);
    expect(of('ndw-meetlocaties', 'conversie')).toEqual(['measurementSiteRecord']);
  });

  it('ndw-reistijden: a new element, a missing measurement time', async () => {
    variant('ndw-reistijden', 'traveltime.xml.gz', both('siteMeasurements', 'measurementTimeDefault'));
    await reistijden();
    expectDrift('ndw-reistijden', /^siteMeasurements\.nieuwElement$/, /^siteMeasurements\.measurementTimeDefault$/);
  });

  it('ndw-verkeersmaatregelen: a new element, a missing creation time', async () => {
    variant('ndw-verkeersmaatregelen', 'tijdelijke_verkeersmaatregelen_afsluitingen.xml.gz', both('situationRecord', 'situationRecordCreationTime'));
    await maatregelenFeed('afsluitingen');
    expectDrift('ndw-verkeersmaatregelen', /^situation\.situationRecord\.nieuwElement$/, /^situation\.situationRecord\.situationRecordCreationTime$/);
  });

  it('ndw-emissiezones: a new element, a missing version time', async () => {
    variant('ndw-emissiezones', 'emissiezones.xml.gz', both('urbanVehicleAccessRegulation', 'controlledZoneRecordVersionTime'));
    const zones = await milieuzones();
    expect(zones.data.zones.length).toBeGreaterThan(0);
    expectDrift('ndw-emissiezones', /\.urbanVehicleAccessRegulation\.nieuwElement$/, /\.urbanVehicleAccessRegulation\.controlledZoneRecordVersionTime$/);
  });

  it('rechtspraak: a new metadata element, a missing format; the text of the ruling is not compared', async () => {
    variant('rechtspraak', 'ECLI_NL_RBAMS_2010_BO3979.xml', (xml) =>
      both('Description', 'format')(xml).replace(/<uitspraak(\s[^>]*)?>/, (m) => `${m}<nieuwOpmaakElement/>`),
    );
    const u = await uitspraak('ECLI:NL:RBAMS:2010:BO3979');
    expect(u.data).not.toBeNull();
    expectDrift('rechtspraak', /^open-rechtspraak\.RDF\.Description\.nieuwElement$/, /^open-rechtspraak\.RDF\.Description\.format$/);
  });

  it('bwb-repository: a new element, a missing publication number', async () => {
    variant('bwb-repository', 'BWBR0002458_2015-01-01_0.xml', both('wetgeving', 'publicatienr'));
    const reg = await regeling('BWBR0002458');
    expect(reg.data).not.toBeNull();
    expectDrift('bwb-repository', /\.wetgeving\.nieuwElement$/, /\.publicatie\.publicatienr$/);
  });

  it('ndw-laadpunten: a new field of a location, and a location the converter cannot read', async () => {
    variant('ndw-laadpunten', 'charging_point_locations_ocpi.json.gz', (text) => {
      const doc = JSON.parse(text);
      doc.data[0].nieuw_veld = SECRET;
      delete doc.data[1].coordinates;
      return JSON.stringify(doc);
    });
    await laadlocaties();
    expectDrift('ndw-laadpunten', /^data\[\]\.nieuw_veld$/, null);
    expect(of('ndw-laadpunten', 'conversie')).toEqual(['data[]']);
  });

  it('gbfs: a new field of a station', async () => {
    variant('gbfs', 'ovfiets/station_information.json', (text) => {
      const doc = JSON.parse(text);
      doc.data.stations[0].nieuw_veld = SECRET;
      return JSON.stringify(doc);
    });
    await systeemStations(GBFS_SYSTEMEN[0]);
    expectDrift('gbfs', /^data\.stations\[\]\.nieuw_veld$/, null);
  });

  it('gbfs: a station without id or position is left out and counted as a conversion failure of that field', async () => {
    variant('gbfs', 'ovfiets/station_information.json', (text) => {
      const doc = JSON.parse(text);
      delete doc.data.stations[0].station_id;
      delete doc.data.stations[1].lon;
      return JSON.stringify(doc);
    });
    const { stations } = await systeemStations(GBFS_SYSTEMEN[0]);
    expect(stations.length).toBeGreaterThan(0);
    expect(of('gbfs', 'conversie').sort()).toEqual(['data.stations[].lon', 'data.stations[].station_id']);
  });
});

describe('format drift of OGC API Features properties', () => {
  it('bgt: a new property, a missing expected property, named with the collection', async () => {
    variant('bgt', 'pand-rond-rotterdam.json', (text) => {
      const doc = JSON.parse(text);
      doc.features[0].properties.nieuwe_eigenschap = SECRET;
      for (const f of doc.features) delete f.properties.lokaal_id;
      return JSON.stringify(doc);
    });
    await bgtObjectenRond('pandvlakken', { x: 92416, y: 436736 }, 50);
    expectDrift('bgt', /^pand:features\[\]\.properties\.nieuwe_eigenschap$/, /^pand:features\[\]\.properties\.lokaal_id$/);
  });

  it('rce-monumenten: a new property, a missing expected property', async () => {
    const routes = JSON.parse(fs.readFileSync(path.join(r.dir(), 'rce-monumenten', 'routes.json'), 'utf8')) as { routes: { path: string; file: string }[] };
    const file = routes.routes.find((x) => x.path === '/collections/rce_inspire_points/items')!.file;
    variant('rce-monumenten', file, (text) => {
      const doc = JSON.parse(text);
      for (const f of doc.features) {
        f.properties.nieuwe_eigenschap = SECRET;
        delete f.properties.sitename;
      }
      return JSON.stringify(doc);
    });
    await monumentenRond({ x: 92416, y: 436736 }, 100).catch(() => null);
    expectDrift('rce-monumenten', /^rce_inspire_points:features\[\]\.properties\.nieuwe_eigenschap$/, /^rce_inspire_points:features\[\]\.properties\.sitename$/);
  });
});

describe('format drift of the other JSON and HTML sources', () => {
  /** Adds a property to every feature and removes an expected one (an OGC answer). */
  const properties = (extra: string, missing: string) => (text: string) => {
    const doc = JSON.parse(text);
    for (const f of doc.features ?? [doc]) {
      f.properties[extra] = SECRET;
      delete f.properties[missing];
    }
    return JSON.stringify(doc);
  };

  it('bag-ogc: a new property, a missing expected property of a verblijfsobject', async () => {
    variant('bag-ogc', 'verblijfsobject-0599010000295420.json', properties('nieuwe_eigenschap', 'documentnummer'));
    await verblijfsobject('0599010000295420');
    expectDrift('bag-ogc', /^verblijfsobject:features\[\]\.properties\.nieuwe_eigenschap$/, /^verblijfsobject:features\[\]\.properties\.documentnummer$/);
  });

  it('brk-kadastrale-kaart: a new property, a missing expected property of a parcel', async () => {
    variant('brk-kadastrale-kaart', 'perceel-bbox-witte-de-withstraat-42a-rotterdam.json', properties('nieuwe_eigenschap', 'begin_geldigheid'));
    await perceelOpPunt({ x: 92416.615, y: 436736.768 });
    expectDrift('brk-kadastrale-kaart', /^perceel:features\[\]\.properties\.nieuwe_eigenschap$/, /^perceel:features\[\]\.properties\.begin_geldigheid$/);
  });

  it('bag-individuele-bevragingen: a new field of an address', async () => {
    const routes = JSON.parse(fs.readFileSync(path.join(r.dir(), 'bag-individuele-bevragingen', 'routes.json'), 'utf8')) as { routes: { query?: Record<string, string>; file: string }[] };
    const file = routes.routes.find((x) => x.query?.postcode === '1082GB' && x.query.huisnummer === '43' && x.file.startsWith('adressenuitgebreid'))!.file;
    variant('bag-individuele-bevragingen', file, (text) => {
      const doc = JSON.parse(text);
      doc._embedded.adressen[0].nieuw_veld = SECRET;
      return JSON.stringify(doc);
    });
    await adressenUitgebreid('1082GB', 43, { toevoeging: '2' });
    expectDrift('bag-individuele-bevragingen', /^_embedded\.adressen\[\]\.nieuw_veld$/, null);
  });

  it('rvo-isde: a page without the amounts table is a conversion failure', async () => {
    variant('rvo-isde', 'woningeigenaren.html', (html) => html.replace(/<table[\s\S]*?<\/table>/g, ''));
    await expect(subsidieBedragen()).rejects.toThrow();
    expect(of('rvo-isde', 'conversie')).toEqual(['table (bedragentabel)']);
  });
});

describe('npm run probe on drift of the newly wired sources', () => {
  it('names a new and a missing element of a streamed feed', async () => {
    variant('ndw-brugopeningen', 'brugopeningen.xml.gz', both('situationRecord', 'situationRecordCreationTime'));
    const result = await probeSource(sourceById('ndw-brugopeningen'));
    expect(result).toMatchObject({
      uitkomst: 'drift',
      reden: 'onbekend: situation.situationRecord.nieuwElement; ontbrekend: situation.situationRecord.situationRecordCreationTime',
    });
  });

  it('names drift an XML adapter reports', async () => {
    variant('rechtspraak', 'ECLI_NL_RBAMS_2010_BO3979.xml', both('Description', 'format'));
    const result = await probeSource(sourceById('rechtspraak'));
    expect(result).toMatchObject({ uitkomst: 'drift', reden: 'onbekend: open-rechtspraak.RDF.Description.nieuwElement; ontbrekend: open-rechtspraak.RDF.Description.format' });
  });
});
