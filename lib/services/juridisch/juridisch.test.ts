// The two legal-text operations through the route wrapper against a replay of the rechtspraak and
// bwb-repository fixtures (recorded rulings and the recorded Drank- en Horecawet; a built conclusion and a
// built Boek 6 BW, see the MANIFESTs), with fault injection per source.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { clearSourceCache } from '@/lib/sources/fetch';
import type { BronEntry } from '@/lib/sources/bron';
import { rechtspraakRelevanteArtikelen, type RelevanteArtikelen } from './relevante-artikelen';
import { wetArtikelRelevant, type WetArtikel } from './wet-artikel';

interface Body<T> {
  api: string;
  data: T;
  bronnen: BronEntry[];
  errorCode?: string;
  detail?: string;
  bron?: string;
  invalid_params?: { name: string; in: string; reason: string }[];
  bestaande_artikelen?: string[];
}

let replay: ReplayServer;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-juridisch-'));
  for (const src of ['rechtspraak', 'bwb-repository']) fs.cpSync(path.join(FIXTURES_DIR, src), path.join(dir, src), { recursive: true });
  replay = await startReplayServer({ fixturesDir: dir });
  process.env.BRON_RECHTSPRAAK_URL = replay.sourceUrl('rechtspraak');
  process.env.BRON_BWB_REPOSITORY_URL = replay.sourceUrl('bwb-repository');
});
afterAll(async () => {
  await replay.close();
  delete process.env.BRON_RECHTSPRAAK_URL;
  delete process.env.BRON_BWB_REPOSITORY_URL;
  delete process.env.BRON_TIMEOUT_MS;
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
});

async function get<T>(op: Operation, url: string, params: Record<string, string>): Promise<{ status: number; body: Body<T> }> {
  const res = await route(op).GET(new Request(`http://localhost${url}`), { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as Body<T> };
}
const uitspraak = (ecli: string) => get<RelevanteArtikelen>(rechtspraakRelevanteArtikelen, `/v1/rechtspraak/${ecli}/relevante-artikelen`, { ecli });
const wet = (bwb_id: string, artikel: string) =>
  get<WetArtikel>(wetArtikelRelevant, `/v1/wet/${bwb_id}/artikelen/${encodeURIComponent(artikel)}/relevant`, { bwb_id, artikel: encodeURIComponent(artikel) });

describe('GET /v1/rechtspraak/{ecli}/relevante-artikelen', () => {
  it('answers the recorded ruling with article 6 EVRM, its three mentions and the ruling metadata', async () => {
    const { status, body } = await uitspraak('ECLI:NL:RBAMS:2010:BO3979');
    expect(status).toBe(200);
    expect(body.api).toBe('juridisch');
    expect(body.data).toMatchObject({
      ecli: 'ECLI:NL:RBAMS:2010:BO3979',
      soort: 'uitspraak',
      instantie: 'Rechtbank Amsterdam',
      datum: '2010-09-07',
      tekst_beschikbaar: true,
      niet_herkend: [],
      wetsverwijzingen_metadata: [],
    });
    expect(body.data.artikelen.map((a) => [a.citatie, a.bwb_id, a.artikel_endpoint, a.aantal])).toEqual([['artikel 6 EVRM', 'BWBV0001000', null, 3]]);
    expect(body.bronnen).toHaveLength(1);
    expect(body.bronnen[0]).toMatchObject({ bron: 'rechtspraak', status: 'ok', opname: { bestand: 'rechtspraak/ECLI_NL_RBAMS_2010_BO3979.xml', soort: 'opgenomen' } });
  });

  it('answers a recorded tax ruling with every article of a list and the abbreviations Wet WOZ, Wet OB, Awb and Bpb', async () => {
    const { status, body } = await uitspraak('ECLI:NL:RBAMS:2012:BZ5426');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ ecli: 'ECLI:NL:RBAMS:2012:BZ5426', tekst_beschikbaar: true, niet_herkend: [] });
    const byCitatie = Object.fromEntries(body.data.artikelen.map((a) => [a.citatie, a.artikel_endpoint]));
    expect(byCitatie).toMatchObject({
      'artikel 16 Wet WOZ': '/v1/wet/BWBR0007119/artikelen/16/relevant',
      'artikel 11 lid 1 onder a, 1º Wet OB 1968': '/v1/wet/BWBR0002629/artikelen/11/relevant',
      'artikel 1 onder b Bpb': '/v1/wet/BWBR0006358/artikelen/1/relevant',
      'artikel 8:72 lid 4 Awb': '/v1/wet/BWBR0005537/artikelen/8:72/relevant',
    });
    expect(body.bronnen[0]).toMatchObject({ status: 'ok', opname: { bestand: 'rechtspraak/ECLI_NL_RBAMS_2012_BZ5426.xml', soort: 'opgenomen' } });
  });

  it('answers the built conclusion with the civil-code and statute citations, each with its article endpoint', async () => {
    const { status, body } = await uitspraak('ECLI:NL:PHR:2099:1');
    expect(status).toBe(200);
    expect(body.data.soort).toBe('conclusie');
    const byCitatie = Object.fromEntries(body.data.artikelen.map((a) => [a.citatie, a.artikel_endpoint]));
    expect(byCitatie).toMatchObject({
      'artikel 7:658 lid 2 BW': '/v1/wet/BWBR0005290/artikelen/7:658/relevant',
      'artikel 6:162 lid 1 BW': '/v1/wet/BWBR0005289/artikelen/6:162/relevant',
      'artikel 3 Drank- en Horecawet': '/v1/wet/BWBR0002458/artikelen/3/relevant',
      'artikel 8:69 Awb': '/v1/wet/BWBR0005537/artikelen/8:69/relevant',
      'artikel 13 Grondwet': '/v1/wet/BWBR0001840/artikelen/13/relevant',
    });
    expect(body.data.artikelen).toHaveLength(12);
    expect(body.data.niet_herkend.map((n) => n.tekst)).toEqual(['Wbp', 'Boek 7A BW']);
    expect(body.data.wetsverwijzingen_metadata).toEqual([
      { titel: 'Burgerlijk Wetboek Boek 7 658', bwb_id: 'BWBR0005290', artikelnummer: '658', artikel_endpoint: '/v1/wet/BWBR0005290/artikelen/658/relevant' },
    ]);
    expect(body.bronnen[0].opname?.soort).toBe('opgebouwd');
  });

  it('answers a recorded document without text with the references from its metadata', async () => {
    const { status, body } = await uitspraak('ECLI:NL:CBB:1997:ZG0125');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ soort: null, tekst_beschikbaar: false, artikelen: [], instantie: 'College van Beroep voor het bedrijfsleven' });
    expect(body.data.wetsverwijzingen_metadata).toEqual([
      { titel: 'Algemene wet bestuursrecht 1:3', bwb_id: 'BWBR0005537', artikelnummer: '1:3', artikel_endpoint: '/v1/wet/BWBR0005537/artikelen/1:3/relevant' },
      { titel: 'Warenwet 5', bwb_id: 'BWBR0001969', artikelnummer: '5', artikel_endpoint: '/v1/wet/BWBR0001969/artikelen/5/relevant' },
    ]);
  });

  it.each([
    ['ECLI:NL:HR:19:1234', 'a two-digit year'],
    ['ecli:nl:hr:2019:1234', 'lower case'],
    ['ECLI:DE:BGH:2019:1', 'another country'],
    ['ECLI:NL:HR:2019', 'a missing number'],
  ])('gives 400 naming ecli for %s (%s)', async (ecli) => {
    const { status, body } = await uitspraak(ecli);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('invalid_parameter');
    expect(body.invalid_params?.map((p) => p.name)).toEqual(['ecli']);
  });

  it('gives 400 naming ecli when the Rechtspraak does not know the ECLI (404 upstream)', async () => {
    const { status, body } = await uitspraak('ECLI:NL:HR:2099:404');
    expect(status).toBe(400);
    expect(body.invalid_params).toEqual([{ name: 'ecli', in: 'path', reason: 'onbekend bij de open data van de Rechtspraak' }]);
    expect(body.detail).toContain('ECLI:NL:HR:2099:404');
  });

  it.each([
    ['http500', 'antwoordde met HTTP-status 500'],
    ['malformed', 'niet gelezen kon worden'],
    ['timeout', 'binnen de tijdslimiet'],
    ['reset', 'niet bereikbaar'],
  ] as const)('gives a 502 problem naming the Rechtspraak when it fails (%s)', async (kind, text) => {
    replay.setFault('rechtspraak', { kind });
    const { status, body } = await uitspraak('ECLI:NL:RBAMS:2010:BO3979');
    expect(status).toBe(502);
    expect(body.errorCode).toBe('source_unavailable');
    expect(body.bron).toBe('rechtspraak');
    expect(body.detail).toContain(text);
  });

  it('asks the Rechtspraak once for the same ruling within the cache time', async () => {
    const before = replay.hits('rechtspraak');
    await uitspraak('ECLI:NL:RBAMS:2010:BO3979');
    const second = await uitspraak('ECLI:NL:RBAMS:2010:BO3979');
    expect(second.body.bronnen[0].cache).toBe(true);
    expect(replay.hits('rechtspraak') - before).toBe(1);
  });
});

describe('GET /v1/wet/{bwb_id}/artikelen/{artikel}/relevant', () => {
  it('answers article 3 of the recorded Drank- en Horecawet with its text, citation forms and follow-up steps', async () => {
    const { status, body } = await wet('BWBR0002458', '3');
    expect(status).toBe(200);
    const d = body.data;
    expect(d).toMatchObject({
      bwb_id: 'BWBR0002458',
      titel: 'Drank- en Horecawet',
      soort: 'wet',
      wetsversie: { toestand_datum: '2015-01-01', bestand: '2015-01-01_0/xml/BWBR0002458_2015-01-01_0.xml' },
      wetten_overheid_url: 'https://wetten.overheid.nl/jci1.3:c:BWBR0002458&artikel=3',
    });
    expect(d.artikel).toMatchObject({ nummer: '3', label: 'Artikel 3', vervallen: false, structuur: ['§ 2 Algemene bepalingen'] });
    expect(d.artikel.leden.map((l) => l.nummer)).toEqual(['1', '2']);
    expect(d.artikel.leden[0].tekst).toBe('Het is verboden zonder daartoe strekkende vergunning van de burgemeester het horecabedrijf of slijtersbedrijf uit te oefenen.');
    expect(d.artikel.verwijzingen.map((v) => [v.bwb_id, v.artikel_endpoint])).toEqual([
      ['BWBR0026759', '/v1/wet/BWBR0026759/artikelen/28/relevant'],
      ['BWBR0005537', null],
    ]);
    expect(d.citatievormen).toEqual({
      genormaliseerd: 'artikel 3 Drank- en Horecawet',
      kort: 'art. 3 Drank- en Horecawet',
      voluit: 'artikel 3 van de Drank- en Horecawet',
      afkorting: 'artikel 3 DHW',
      jci: 'jci1.3:c:BWBR0002458&artikel=3',
    });
    expect(d.vervolgstappen.map((s) => s.stap)).toEqual(['zoeken_in_uitspraken', 'open_data_feed', 'uitspraak_per_ecli']);
    expect(d.vervolgstappen[0].url).toBe(`https://uitspraken.rechtspraak.nl/resultaat?zoekterm=${encodeURIComponent('"artikel 3" "Drank- en Horecawet"')}`);
    expect(d.vervolgstappen[1].url).toBe('https://data.rechtspraak.nl/uitspraken/zoeken?return=DOC&max=100');
    expect(d.vervolgstappen[1].toelichting).toContain('geen tekstzoekvraag op artikelnummer');
    expect(d.vervolgstappen[2].endpoint).toBe('/v1/rechtspraak/{ecli}/relevante-artikelen');
    expect(body.bronnen.map((b) => [b.bron, b.opname?.bestand])).toEqual([
      ['bwb-repository', 'bwb-repository/BWBR0002458_manifest.xml'],
      ['bwb-repository', 'bwb-repository/BWBR0002458_2015-01-01_0.xml'],
    ]);
  });

  it('answers a vervallen article as such', async () => {
    const { status, body } = await wet('BWBR0002458', '3a');
    expect(status).toBe(200);
    expect(body.data.artikel).toMatchObject({ nummer: '3a', status: 'vervallen', vervallen: true });
  });

  it('answers article 6:162 of the built Boek 6 BW, also when asked as 162', async () => {
    const { status, body } = await wet('BWBR0005289', '6:162');
    expect(status).toBe(200);
    expect(body.data.artikel).toMatchObject({ nummer: '162', boek: '6' });
    expect(body.data.artikel.leden[0].tekst?.startsWith('Hij die jegens een ander een onrechtmatige daad pleegt')).toBe(true);
    expect(body.data.citatievormen).toEqual({
      genormaliseerd: 'artikel 6:162 BW',
      kort: 'art. 6:162 BW',
      voluit: 'artikel 162 van Boek 6 van het Burgerlijk Wetboek',
      afkorting: 'artikel 6:162 BW',
      jci: 'jci1.3:c:BWBR0005289&boek=6&artikel=162',
    });
    expect(body.data.vervolgstappen[0].url).toBe(`https://uitspraken.rechtspraak.nl/resultaat?zoekterm=${encodeURIComponent('"6:162 BW"')}`);
    const plain = await wet('BWBR0005289', '162');
    expect(plain.body.data.citatievormen.genormaliseerd).toBe('artikel 6:162 BW');
  });

  it('gives 400 naming artikel, with the existing numbers, for an article the regulation does not have', async () => {
    const { status, body } = await wet('BWBR0002458', '50');
    expect(status).toBe(400);
    expect(body.invalid_params).toEqual([{ name: 'artikel', in: 'path', reason: 'bestaat niet in deze regeling' }]);
    expect(body.bestaande_artikelen).toHaveLength(74);
    expect(body.bestaande_artikelen?.slice(0, 4)).toEqual(['1', '2', '3', '3a']);
    const otherBook = await wet('BWBR0005289', '7:162');
    expect(otherBook.status).toBe(400);
  });

  it('gives 400 naming bwb_id for an id the repository does not know (404 upstream)', async () => {
    const { status, body } = await wet('BWBR9999999', '1');
    expect(status).toBe(400);
    expect(body.invalid_params?.map((p) => p.name)).toEqual(['bwb_id']);
  });

  it.each([
    ['BWBV0001000', '6', 'bwb_id'],
    ['BWBR123', '1', 'bwb_id'],
    ['bwbr0002458', '1', 'bwb_id'],
    ['BWBR0002458', 'drie', 'artikel'],
    ['BWBR0002458', '3/../4', 'artikel'],
  ])('gives 400 for %s / %s naming %s', async (id, artikel, naam) => {
    const { status, body } = await wet(id, artikel);
    expect(status).toBe(400);
    expect(body.invalid_params?.map((p) => p.name)).toEqual([naam]);
  });

  it.each([
    ['http500', 'antwoordde met HTTP-status 500'],
    ['malformed', 'niet gelezen kon worden'],
    ['timeout', 'binnen de tijdslimiet'],
  ] as const)('gives a 502 problem naming the BWB repository when it fails (%s)', async (kind, text) => {
    replay.setFault('bwb-repository', { kind });
    const { status, body } = await wet('BWBR0002458', '3');
    expect(status).toBe(502);
    expect(body.errorCode).toBe('source_unavailable');
    expect(body.bron).toBe('bwb-repository');
    expect(body.detail).toContain(text);
  });
});
