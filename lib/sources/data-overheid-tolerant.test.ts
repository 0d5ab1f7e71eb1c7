// Tolerance of the data.overheid.nl (CKAN) conversion (issue 21 item 1), on variants generated from the
// package_show fixtures (test/upstream/fixtures/data-overheid: all `opgebouwd`, no real recording exists; see
// its MANIFEST.md): each field removed in turn, extra fields, numbers as strings, keys in upper case and in
// reversed order. A dataset or resource is never lost: what can be derived is derived (naam from the uuid,
// instantie from publisher or organisation, licence label from the licence id, gewijzigd_op from
// metadata_modified, formaat from the mimetype), and whatever else is missing is null.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIXTURES_DIR } from '@/test/upstream/server';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, upperCaseKeys, withExtraFields, withoutField } from '@/test/tolerance';
import {
  PORTAAL_DATASET_URL,
  ckanPackageSchema,
  ckanSearchResultSchema,
  datasetSamenvattingSchema,
  resourceSamenvattingSchema,
  toDatasetDetail,
  toDatasetSamenvatting,
  type DatasetDetail,
  type DatasetSamenvatting,
} from './data-overheid-convert';

type Pakket = Record<string, unknown> & { id: string; name: string; license_id: string; license_title: string; metadata_modified: string; publisher: string; resources: { mimetype: string | null }[] };
const pakket = (naam: string): Pakket =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, 'data-overheid', `package_show-${naam}.json`), 'utf8')).result;

/** What the service makes of one package: the search summary and the detail the query operation reads. */
interface Uit {
  samenvatting: DatasetSamenvatting;
  detail: DatasetDetail;
}
function converteer(raw: unknown): Uit {
  const pkg = ckanPackageSchema.parse(raw);
  return { samenvatting: toDatasetSamenvatting(pkg), detail: toDatasetDetail(pkg) };
}
const geldig = (u: Uit) =>
  datasetSamenvattingSchema.safeParse(u.samenvatting).success && z.array(resourceSamenvattingSchema).safeParse(u.detail.resources).success;

const formatenVan = (u: Uit) => [...new Set(u.detail.resources.map((r) => r.formaat).filter((f) => f !== null))];
const beide = (u: Uit, f: (x: DatasetSamenvatting | DatasetDetail) => void) => [u.samenvatting, u.detail].forEach(f);

/** What the conversion gives when one raw field is missing: the full conversion with these changes. */
const ZONDER: Record<string, (u: Uit, pkg: Pakket) => void> = {
  id: (u) => beide(u, (x) => (x.id = null)),
  // The uuid names the dataset instead (CKAN's package_show and the portal accept either).
  name: (u, pkg) => {
    beide(u, (x) => {
      x.naam = pkg.id;
      x.url = PORTAAL_DATASET_URL + pkg.id;
    });
    if (u.samenvatting.query_url) u.samenvatting.query_url = `/v1/datasets/${pkg.id}/query`;
  },
  title: (u) => beide(u, (x) => (x.titel = null)),
  notes: (u) => (u.samenvatting.beschrijving = null),
  authority: () => {}, // from publisher (the same OWMS URI in every fixture)
  publisher: () => {}, // authority wins
  organization: () => {}, // only a fallback after authority and publisher
  'organization.title': () => {}, // idem
  theme: (u) => (u.samenvatting.themas = null),
  license_id: (u, pkg) => beide(u, (x) => Object.assign(x, { licentie: pkg.license_title, licentie_uri: null })),
  license_title: (u, pkg) => beide(u, (x) => Object.assign(x, { licentie: expect.stringMatching(/^CC(0 1\.0| BY 4\.0)$/), licentie_uri: pkg.license_id })),
  modified: (u, pkg) => (u.samenvatting.gewijzigd_op = new Date(`${pkg.metadata_modified}Z`).toISOString()),
  metadata_modified: () => {}, // modified wins
  resources: (u) => {
    u.samenvatting.formaten = null;
    u.samenvatting.query_url = null;
    u.detail.resources = [];
  },
  'resources[].id': (u) => u.detail.resources.forEach((r) => (r.id = null)),
  'resources[].name': (u) => u.detail.resources.forEach((r) => (r.naam = null)),
  // Without an address nothing can be downloaded: not queryable.
  'resources[].url': (u) => {
    u.detail.resources.forEach((r) => Object.assign(r, { url: null, bevraagbaar: false, soort: null }));
    u.samenvatting.query_url = null;
  },
  // The readable format from the mimetype (which agrees with the format in these fixtures); a CBS table is
  // recognised by its URL and then named CBS-tabel.
  'resources[].format': (u, pkg) => {
    u.detail.resources.forEach((r, i) => {
      r.formaat_uri = null;
      r.formaat = r.soort === 'cbs-tabel' ? 'CBS-tabel' : pkg.resources[i].mimetype ? r.formaat : null;
    });
    u.samenvatting.formaten = formatenVan(u);
  },
  'resources[].mimetype': () => {}, // format wins
};

/** Fields of the packages this service does not read: removing them changes nothing. */
const ONGEBRUIKT = new Set([
  'type', 'state', 'private', 'identifier', 'url', 'contact_point_name', 'contact_point_email', 'language', 'metadata_language',
  'dataset_status', 'access_rights', 'frequency', 'source_catalog', 'license_url', 'metadata_created', 'owner_org', 'num_resources',
  'num_tags', 'tags', 'tags[].name', 'tags[].display_name', 'tags[].state', 'tags[].vocabulary_id', 'groups', 'extras',
  'organization.id', 'organization.name', 'organization.type', 'organization.is_organization', 'organization.state',
  'resources[].package_id', 'resources[].description', 'resources[].size', 'resources[].position', 'resources[].state',
  'resources[].url_type', 'resources[].created', 'resources[].last_modified', 'resources[].language', 'resources[].license_id',
  'resources[].metadata_language', 'resources[].distribution_type',
]);

const PAKKETTEN = ['hoogeveen-afvalinzameling-2024', 'hoogeveen-bomen', 'hoogeveen-speelplaatsen', 'hoogeveen-jaarverslag-2023', 'cbs-kerncijfers-wijken-en-buurten-2024'];

describe.each(PAKKETTEN)('package_show-%s.json', (naam) => {
  const pkg = pakket(naam);
  const volledig = converteer(pkg);
  const velden = fieldPaths(pkg);

  it('the full conversion is valid and the table covers every field (none unknown to this test)', () => {
    expect(geldig(volledig)).toBe(true);
    expect(velden.filter((v) => !(v in ZONDER) && !ONGEBRUIKT.has(v))).toEqual([]);
  });

  it.each(velden)('without %s: still the dataset, with the derived values', (veld) => {
    const u = converteer(withoutField(pkg, veld));
    expect(geldig(u)).toBe(true);
    expect(u.detail.resources).toHaveLength(veld === 'resources' ? 0 : pkg.resources.length);
    const verwacht = structuredClone(volledig);
    ZONDER[veld]?.(verwacht, pkg);
    expect(u).toEqual(verwacht);
  });

  it('derived values themselves: naam from the uuid, instantie from publisher, licence label from the id', () => {
    expect(converteer(withoutField(pkg, 'name')).samenvatting).toMatchObject({ naam: pkg.id, url: `${PORTAAL_DATASET_URL}${pkg.id}` });
    expect(converteer(withoutField(pkg, 'authority')).samenvatting.instantie_uri).toBe(pkg.publisher);
    const zonderBeide = converteer(withoutField(withoutField(pkg, 'authority'), 'publisher')).samenvatting;
    expect({ instantie: zonderBeide.instantie, instantie_uri: zonderBeide.instantie_uri }).toEqual({ instantie: (pkg.organization as { title: string }).title, instantie_uri: null });
    expect(converteer(withoutField(pkg, 'modified')).samenvatting.gewijzigd_op).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('with extra fields, numbers as strings, keys in upper case or in reversed order: the same dataset', () => {
    expect(converteer(withExtraFields(pkg))).toEqual(volledig);
    expect(converteer(numbersAsStrings(pkg))).toEqual(volledig);
    // CKAN writes lower-case keys; a proxy or another catalogue might not.
    expect(converteer(upperCaseKeys(pkg))).toEqual(volledig);
    expect(converteer(reversedKeys(pkg))).toEqual(volledig);
  });

  it('with every field removed (also of each resource): a record of nulls, never "" or "onbekend"', () => {
    const leeg = converteer({ resources: pkg.resources.map(() => ({})) });
    expect(geldig(leeg)).toBe(true);
    expect(leeg.samenvatting).toEqual({
      id: null, naam: null, titel: null, beschrijving: null, instantie: null, instantie_uri: null, themas: null, formaten: [], licentie: null, licentie_uri: null,
      gewijzigd_op: null, url: null, query_url: null,
    });
    expect(leeg.detail.resources).toHaveLength(pkg.resources.length);
    leeg.detail.resources.forEach((r, index) =>
      expect(r).toEqual({ index, id: null, naam: null, formaat: null, formaat_uri: null, url: null, bevraagbaar: false, soort: null }),
    );
    expect(unknownsNotNull(leeg)).toEqual([]);
    expect(unknownsNotNull(converteer({}))).toEqual([]);
  });
});

describe('package_search-hoogeveen.json (the search answer)', () => {
  const body = JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, 'data-overheid', 'package_search-hoogeveen.json'), 'utf8'));
  const lees = (result: unknown) => ckanSearchResultSchema.parse(result);
  const volledig = lees(body.result);

  it('keeps every result when one lacks its id, its name or everything', () => {
    const results = [...body.result.results];
    results[0] = {};
    results[1] = withoutField(results[1], 'id');
    results[2] = withoutField(results[2], 'name');
    const r = lees({ ...body.result, results });
    expect(r.results).toHaveLength(volledig.results.length);
    expect(r.results.map(toDatasetSamenvatting).map((s) => s.naam)).toEqual([null, volledig.results[1].name, volledig.results[2].id, volledig.results[3].name, volledig.results[4].name]);
  });

  it('reads count given as a string, keys in upper case and extra fields', () => {
    const samenvattingen = (r: ReturnType<typeof lees>) => ({ count: r.count, datasets: r.results.map(toDatasetSamenvatting) });
    const verwacht = samenvattingen(volledig);
    expect(samenvattingen(lees(numbersAsStrings(body.result)))).toEqual(verwacht);
    expect(samenvattingen(lees(upperCaseKeys(body.result)))).toEqual(verwacht);
    expect(samenvattingen(lees(withExtraFields(body.result)))).toEqual(verwacht);
    expect(ckanSearchResultSchema.safeParse({ count: 'veel', results: [] }).success).toBe(false);
  });
});
