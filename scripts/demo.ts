// `npm run demo`: starts the replay server (recorded upstream responses, test/upstream/fixtures) and the
// app with every source pointed at it. Every response then says in bronnen that it came from the replay
// server. Faults can be injected while it runs, e.g.:
//   curl -X PUT localhost:3999/__faults/pdok-locatieserver -d '{"kind":"http500"}'
//   curl -X DELETE localhost:3999/__faults
import { spawn } from 'node:child_process';
import path from 'node:path';
import { FAULT_KINDS, startReplayServer } from '../test/upstream/server';
import { sources } from '../lib/sources/registry';
import { isPostgresUrl } from '../lib/db/pglite.mjs';
import { controleerDataMap, eisVrijePoort, poortMelding, stopMet } from './startcontrole.mjs';

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '..');
  // Both ports and the data directory first (one line naming PORT, REPLAY_PORT or PGLITE_DIR), before anything
  // starts or is printed; start.mjs checks them again (and whether another process holds the directory).
  const appPort = await eisVrijePoort('PORT', '3000');
  const replayPort = await eisVrijePoort('REPLAY_PORT', '3999', '127.0.0.1');
  if (appPort === replayPort) stopMet(`PORT en REPLAY_PORT zijn allebei ${appPort}: kies twee verschillende poorten.`);
  const dataDir = path.resolve(process.env.PGLITE_DIR ?? path.join(root, 'data', 'demo'));
  const mapFout = isPostgresUrl(process.env.DATABASE_URL) ? null : controleerDataMap(dataDir);
  if (mapFout) stopMet(mapFout);
  const replay = await startReplayServer({ port: replayPort, faults: process.env.REPLAY_FAULTS }).catch((e) => stopMet(poortMelding(e, replayPort, 'REPLAY_PORT')));
  // JOBS=uit: the demo's upstreams are the replay server, so scheduled imports of the real registers would only fail.
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: dataDir, JOBS: process.env.JOBS ?? 'uit' };
  for (const s of sources) env[s.envVar] = replay.sourceUrl(s.id);
  // The catalogue fixtures point dataset files at this replay server (127.0.0.1): let the query operation fetch them.
  env.DATASET_LOKAAL ??= 'aan';
  // Keyed sources get a stand-in key: it only ever reaches the replay server, which does not check it.
  for (const s of sources) if (s.keyEnvVar) env[s.keyEnvVar] ??= 'replay-demo';
  // The background health check (lib/db/bron-controle.ts) every 20 s: an injected fault turns its row on
  // /status red within a minute, without any request to the app.
  env.BRON_CONTROLE_INTERVAL_S ??= '20';
  console.log(`» replay-server op ${replay.url} (fouten injecteren: PUT ${replay.url}/__faults/<bron> {"kind":"${FAULT_KINDS.join('|')}"})`);
  for (const s of sources) console.log(`  ${s.envVar}=${replay.sourceUrl(s.id)}`);
  console.log(`» bronnen controleren tegen deze replay-server: npm run probe -- --replay ${replay.url}`);
  console.log(`» achtergrondcontrole van de bronnen elke ${env.BRON_CONTROLE_INTERVAL_S} s (BRON_CONTROLE_INTERVAL_S); zie /status`);

  const app = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], { cwd: root, env, stdio: 'inherit' });
  const stop = async (code: number) => {
    await replay.close();
    process.exit(code);
  };
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => app.kill(sig));
  app.on('exit', (code) => void stop(code ?? 0));
}

main().catch((e) => stopMet(`npm run demo is gestopt: ${String((e as Error)?.message ?? e).split('\n')[0]}`));
