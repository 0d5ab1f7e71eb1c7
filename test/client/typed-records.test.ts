// Issue 23's "no casts" for the records inside the answers: in a client generated from the document
// (openapi-typescript), the full ANBI decision, the LEI record, the monitor's trees, weights, spreads and the
// records of a wijziging are typed by their fields, so reading a nested field compiles without a cast.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '@/lib/api/openapi';
import { operations } from '@/lib/api/registry';
import { generateAndCheck } from './generated-client';

const root = path.resolve(__dirname, '../..');

/** Reads nested fields of the generated types; any of them typed unknown makes tsc fail (strict). */
const READER = `import type { components } from './schema';
type S = components['schemas'];
export const lees = (
  anbi: S['CharityInstellingData'], lei: S['LeiEntiteitData'], boom: S['DistributiemonitorHoofdholdingStructuurData'], knoop: S['RelatieKnoop'],
  w: S['Wijziging'], b: S['DistributiemonitorBenchmarkData'], h: S['DistributiemonitorHypotheekData'], k: S['DistributiemonitorKansmodelData'],
  m: S['DistributiemonitorMethodiekData'],
): (string | number | boolean | null | undefined)[] => [
  anbi.instelling.groepsbeschikking, anbi.instelling.ingangsdatum_cultuur, anbi.instelling.extra['x'],
  lei.entiteit.consolidatie.ouders[0]?.perioden[0]?.begin, lei.entiteit.volgende_verlenging, lei.entiteit.andere_namen[0],
  boom.boom.kinderen[0]?.kinderen[0]?.aantal_vestigingen_actief, knoop.relaties[0]?.relaties[0]?.herhaling,
  w.nieuw && 'vestiging_id' in w.nieuw ? w.nieuw.producten.length : w.nieuw?.vestiging_ids.length, w.oud && 'vestiging_ids' in w.oud ? w.oud.moeder_id : null,
  b.segmentgrenzen.q1_smal, b.vestiging?.segment, h.spreiding.brontabel.jaar, h.spreiding.gemeenten[0]?.per_10000_huishoudens, h.concentratie.top[0]?.aandeel_pct,
  k.gewichten[0]?.gewicht, m.metrieken[0]?.gewichten?.[0]?.schaalformule, m.metrieken[0]?.brontabel?.titel, m.metrieken[0]?.parameterwaarden?.['maanden'],
];
`;

describe('generated TypeScript client: the records inside the answers', () => {
  it('types nested records by their fields: reading them needs no cast', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-records-'));
    expect(generateAndCheck(buildOpenApi(operations) as never, dir).status).toBe(0);
    fs.writeFileSync(path.join(dir, 'reader.ts'), READER);
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'tsconfig.json'), 'utf8'));
    fs.writeFileSync(path.join(dir, 'tsconfig.reader.json'), JSON.stringify({ ...config, files: ['reader.ts', 'schema.d.ts'] }));
    const tsc = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['--noEmit', '-p', path.join(dir, 'tsconfig.reader.json')], { encoding: 'utf8', cwd: dir });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    expect(tsc.status).toBe(0);
  }, 120_000);
});
