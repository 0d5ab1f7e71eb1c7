// npm run probe against the replay server (as CI runs it): one line per source, ok for every recording,
// mislukt with the failure kind and exit code 1 for a failing source, drift naming a new field.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { metReplay } from '@/test/upstream/met-replay';
import { PROBES, probeLine, probeSource } from './probe';
import { sourceById, sources } from './registry';

const root = path.join(__dirname, '../..');
const r = metReplay({ kopie: true, env: { EP_ONLINE_API_KEY: 'replay-test', BAG_API_KEY: 'replay-test', DNB_API_KEY: 'replay-test' } });

function runProbe(args: string[] = [], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/probe.ts'), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe('npm run probe', () => {
  it('has a known request for every registered source', () => {
    expect(sources.filter((s) => !PROBES[s.id]).map((s) => s.id)).toEqual([]);
  });

  it('prints one ok line per source against the replay server and exits 0', async () => {
    const { code, out } = await runProbe();
    const lines = out.split('\n').filter((l) => /^\S+\s+(ok|drift|mislukt|overgeslagen)\b/.test(l));
    expect(lines.map((l) => l.split(/\s+/)[0]).sort()).toEqual(sources.map((s) => s.id).sort());
    expect(lines.filter((l) => !/^\S+\s+ok\s/.test(l))).toEqual([]);
    expect(out).toContain('[vervangen: http://127.0.0.1:');
    expect(code).toBe(0);
  }, 120_000);

  it('marks a failing source mislukt with why, and exits 1', async () => {
    r.replay().setFault('buienradar', { kind: 'http500' });
    const { code, out } = await runProbe();
    expect(out).toMatch(/^buienradar\s+mislukt \(.*500/m);
    expect(code).toBe(1);
  }, 120_000);

  it('names a new field of an answer as drift', async () => {
    const file = path.join(r.dir(), 'buienradar', 'feed-json-2019-02-04.json');
    const feed = JSON.parse(fs.readFileSync(file, 'utf8'));
    feed.actual.stationmeasurements[0].nieuwe_meting = 1;
    fs.writeFileSync(file, JSON.stringify(feed));
    const result = await probeSource(sourceById('buienradar'));
    expect(result).toMatchObject({ uitkomst: 'drift', reden: 'onbekend: actual.stationmeasurements[].nieuwe_meting', vervangen: true });
    expect(probeLine(result)).toMatch(/^buienradar\s+drift \(onbekend: actual\.stationmeasurements\[\]\.nieuwe_meting\)/);
  });

  it('reads Buienradar as the service does: a station without name or position is drift, an unreadable value a conversion failure', async () => {
    const file = path.join(r.dir(), 'buienradar', 'feed-json-2019-02-04.json');
    const original = fs.readFileSync(file, 'utf8');
    try {
      const feed = JSON.parse(original);
      delete feed.actual.stationmeasurements[0].stationname;
      delete feed.actual.stationmeasurements[1].lat;
      feed.actual.stationmeasurements[2].temperature = 'warm';
      fs.writeFileSync(file, JSON.stringify(feed));
      const result = await probeSource(sourceById('buienradar'));
      expect(result.uitkomst).toBe('drift');
      expect(result.reden).toContain('ontbrekend: actual.stationmeasurements[].stationname, actual.stationmeasurements[].lat');
      expect(result.reden).toContain('conversie: actual.stationmeasurements[].temperature');
    } finally {
      fs.writeFileSync(file, original);
    }
  });

  it('refuses an unknown --bron id with the known ids and exit code 2', async () => {
    const { code, out } = await runProbe(['--bron', 'buienradr']);
    expect(out).toContain('Onbekende bron: buienradr');
    expect(out).toContain('  buienradar\n');
    expect(out).not.toMatch(/bronnen: /);
    expect(code).toBe(2);
  }, 120_000);

  it('points every source at a replay server with --replay', async () => {
    const url = r.replay().url;
    const env = { ...process.env };
    for (const s of sources) delete env[s.envVar];
    const { code, out } = await runProbe(['--replay', url, '--bron', 'luchtmeetnet,gbfs'], env);
    expect(out, out).toMatch(new RegExp(`^luchtmeetnet\\s+ok\\s+\\[vervangen: ${url}/luchtmeetnet\\]`, 'm'));
    expect(out).toMatch(new RegExp(`^gbfs\\s+ok\\s+\\[vervangen: ${url}/gbfs\\]`, 'm'));
    expect(code).toBe(0);
  }, 120_000);

  it('skips a source whose key is missing instead of failing it', async () => {
    const saved = process.env.EP_ONLINE_API_KEY;
    delete process.env.EP_ONLINE_API_KEY;
    try {
      expect(await probeSource(sourceById('ep-online'))).toMatchObject({ uitkomst: 'overgeslagen', reden: 'geen sleutel in EP_ONLINE_API_KEY' });
    } finally {
      process.env.EP_ONLINE_API_KEY = saved;
    }
  });
});
