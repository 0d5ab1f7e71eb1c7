// The start checks (scripts/startcontrole.mjs): the sentences, and real processes started the way an operator
// starts them (npm start = scripts/start.mjs, npm run demo, npm run replay) against a taken port or an
// unusable data directory: one line naming the variable, exit code 1, quickly, no stack trace. These runs
// stop before anything slow (build, database), so they need no build.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draaiProces } from '../test/draai-proces';
import { freePort } from './free-port.mjs';
import { controleerDataMap, databaseMelding, leesPoort, poortMelding, probeerPoort, zonderWachtwoord } from './startcontrole.mjs';

const root = path.resolve(__dirname, '..');
let bezet: net.Server;
let poort: number;
let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nlods-startcontrole-'));
  bezet = net.createServer();
  await new Promise<void>((resolve) => bezet.listen(0, resolve)); // every address, as the servers listen
  poort = (bezet.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => bezet.close(resolve));
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Runs a command with the start variables cleared, then `env`. */
const draai = (args: string[], env: Record<string, string>) => draaiProces(args, { PORT: '', REPLAY_PORT: '', PGLITE_DIR: '', DATABASE_URL: '', ...env });

const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

describe('the sentences', () => {
  it('reads a port, and says what is wrong with one that is not', () => {
    expect(leesPoort('3100', 'PORT')).toEqual({ port: 3100 });
    for (const fout of ['abc', '0', '70000', '3.5', '', '-1']) {
      const r = leesPoort(fout, 'PORT');
      expect('fout' in r && r.fout).toMatch(/^PORT=".*" is geen poortnummer \(1–65535\)/);
    }
  });

  it('names the variable for a taken or refused port', () => {
    expect(poortMelding({ code: 'EADDRINUSE' }, 3000, 'PORT')).toBe(
      'Poort 3000 is al in gebruik: stop wat daar draait, of kies een andere poort met PORT=<poort> (bijvoorbeeld PORT=3001).',
    );
    expect(poortMelding({ code: 'EACCES' }, 80, 'REPLAY_PORT')).toContain('REPLAY_PORT=<poort>');
    expect(poortMelding(new Error('vreemd'), 5, 'PORT')).toContain('(vreemd)');
  });

  it('finds a taken port and a free one', async () => {
    expect((await probeerPoort(poort))?.code).toBe('EADDRINUSE');
    expect(await probeerPoort(await freePort())).toBeNull();
  });

  it('accepts a usable data directory (creating it) and names PGLITE_DIR for a file or an unusable path', () => {
    const map = path.join(tmp, 'nieuw', 'pglite');
    expect(controleerDataMap(map)).toBeNull();
    expect(fs.statSync(map).isDirectory()).toBe(true);
    const bestand = path.join(tmp, 'een-bestand');
    fs.writeFileSync(bestand, 'x');
    expect(controleerDataMap(bestand)).toMatch(/^PGLITE_DIR wijst naar .*een bestand, geen map/);
    expect(controleerDataMap(path.join(bestand, 'eronder'))).toMatch(/^De databasemap .* is niet te gebruiken \(ENOTDIR\): kies een schrijfbare map met PGLITE_DIR=<map>/);
    // procfs answers ENOENT for a directory it cannot make: a recursive mkdir would retry forever.
    expect(controleerDataMap('/proc/nlods-bestaat-niet/pglite')).toMatch(/^De databasemap \/proc\/nlods-bestaat-niet\/pglite is niet te gebruiken \(ENOENT\)/);
  });

  it('names PGLITE_DIR or DATABASE_URL for a database that does not open, without a password', () => {
    expect(databaseMelding({ code: 'PGLITE_LOCKED', pid: 42 }, { dir: '/x/pglite' })).toBe(
      'De database in /x/pglite is al geopend door proces 42 (een andere server of import?): stop dat proces, of kies een andere map met PGLITE_DIR=<map>.',
    );
    expect(databaseMelding(new Error('kapot\nstack'), { dir: '/x/pglite' })).toBe(
      'De database in /x/pglite is niet te openen (kapot): kies een andere map met PGLITE_DIR=<map>, of herstel of verwijder deze map.',
    );
    // As Prisma words it: an empty line, a header, the cause last; the password also in the query string.
    const prisma = Object.assign(new Error('\nInvalid `prisma.$queryRaw()` invocation:\n\n\nconnect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const m = databaseMelding(prisma, { url: 'postgres://jan:geheim@127.0.0.1:1/db?password=ookgeheim&sslmode=require' });
    expect(m).toBe('De PostgreSQL-database van DATABASE_URL (postgres://jan:***@127.0.0.1:1/db) is niet te openen (connect ECONNREFUSED 127.0.0.1:1): controleer DATABASE_URL.');
    expect(databaseMelding(Object.assign(new Error(''), { code: 'EACCES' }), { dir: '/x' })).toContain('(EACCES)');
    expect(zonderWachtwoord('postgresql://jan:geheim@h/db?password=x')).toBe('postgresql://jan:***@h/db');
  });
});

// Each run starts a fresh Node process (tsx compiles on the way): generous per test on a busy machine; the
// 10 s asserted is the promise to the operator.
describe('processes that cannot serve stop at once with one line', { timeout: 60_000 }, () => {
  const eenRegel = (uit: string) => uit.trim().split('\n').filter((r) => r.trim() !== '');

  it('npm start on a taken PORT', async () => {
    const r = await draai(['scripts/start.mjs'], { PORT: String(poort), PGLITE_DIR: path.join(tmp, 'start') });
    expect(r.code).toBe(1);
    expect(eenRegel(r.uit)).toEqual([`» Poort ${poort} is al in gebruik: stop wat daar draait, of kies een andere poort met PORT=<poort> (bijvoorbeeld PORT=${poort + 1}).`]);
    expect(r.ms).toBeLessThan(10_000);
  });

  it('npm start with PGLITE_DIR on a file, and on a directory another live process holds', async () => {
    const bestand = path.join(tmp, 'pglite-bestand');
    fs.writeFileSync(bestand, 'x');
    const vrij = String(await freePort());
    const r = await draai(['scripts/start.mjs'], { PORT: vrij, PGLITE_DIR: bestand });
    expect(r.code).toBe(1);
    expect(eenRegel(r.uit)).toHaveLength(1);
    expect(r.uit).toContain('PGLITE_DIR');

    // The lock of a live process (this test runner) in the directory: refused before the build.
    const map = path.join(tmp, 'bezet');
    fs.mkdirSync(map);
    const stat = fs.readFileSync(`/proc/${process.pid}/stat`, 'utf8');
    const procStart = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    fs.writeFileSync(path.join(map, 'pglite.lock'), JSON.stringify({ pid: process.pid, procStart, gestart: new Date().toISOString() }));
    const b = await draai(['scripts/start.mjs'], { PORT: vrij, PGLITE_DIR: map });
    expect(b.code).toBe(1);
    expect(eenRegel(b.uit)).toEqual([expect.stringMatching(new RegExp(`al geopend door proces ${process.pid} .*PGLITE_DIR=<map>`))]);
    expect(b.ms).toBeLessThan(10_000);
  });

  it('npm run demo and npm run replay on a taken REPLAY_PORT, demo on a taken PORT', async () => {
    const vrij = String(await freePort());
    for (const args of [[tsx, 'scripts/demo.ts'], [tsx, 'test/upstream/cli.ts']]) {
      const r = await draai(args, { PORT: vrij, REPLAY_PORT: String(poort) });
      expect(r.code, args[1]).toBe(1);
      expect(eenRegel(r.uit), args[1]).toEqual([expect.stringContaining(`Poort ${poort} is al in gebruik`)]);
      expect(r.uit).toContain('REPLAY_PORT=<poort>');
      expect(r.uit).not.toMatch(/\n\s+at /); // no stack trace
    }
    const d = await draai([tsx, 'scripts/demo.ts'], { PORT: String(poort), REPLAY_PORT: vrij });
    expect(d.code).toBe(1);
    expect(d.uit).toContain('PORT=<poort>');
    expect(d.uit).not.toContain('REPLAY_PORT');
    // The same port twice, and an unusable data directory: refused before the replay server starts or anything is listed.
    const zelfde = await draai([tsx, 'scripts/demo.ts'], { PORT: vrij, REPLAY_PORT: vrij });
    expect(zelfde.code).toBe(1);
    expect(eenRegel(zelfde.uit)).toEqual([`» PORT en REPLAY_PORT zijn allebei ${vrij}: kies twee verschillende poorten.`]);
    const bestand = path.join(tmp, 'demo-bestand');
    fs.writeFileSync(bestand, 'x');
    const map = await draai([tsx, 'scripts/demo.ts'], { PORT: vrij, REPLAY_PORT: String(await freePort()), PGLITE_DIR: bestand });
    expect(map.code).toBe(1);
    expect(eenRegel(map.uit)).toEqual([expect.stringMatching(/^» PGLITE_DIR wijst naar .*demo-bestand, en dat is een bestand/)]);
  });

  it('npm run worker without a reachable PostgreSQL, and on the embedded database', async () => {
    const vrij = await freePort(); // nothing listens there
    const r = await draai([tsx, 'scripts/worker.ts'], { DATABASE_URL: `postgres://jan:geheim@127.0.0.1:${vrij}/nlods` });
    expect(r.code).not.toBe(0);
    expect(eenRegel(r.uit)).toEqual([expect.stringMatching(/^» De PostgreSQL-database van DATABASE_URL \(postgres:\/\/jan:\*\*\*@127\.0\.0\.1:\d+\/nlods\) is niet te openen \(.*ECONNREFUSED.*\): controleer DATABASE_URL\.$/)]);
    expect(r.uit).not.toContain('geheim');
    const p = await draai([tsx, 'scripts/worker.ts'], { PGLITE_DIR: path.join(tmp, 'worker') });
    expect(p.code).not.toBe(0);
    expect(eenRegel(p.uit)).toHaveLength(1);
    expect(p.uit).toContain('DATABASE_URL=postgres://');
  });
});
