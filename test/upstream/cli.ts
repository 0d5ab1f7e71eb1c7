// `npm run replay`: runs the replay server alone (REPLAY_PORT, default 3999; REPLAY_FAULTS=bron=soort[:ms],...).
import { eisVrijePoort, poortMelding, stopMet } from '../../scripts/startcontrole.mjs';
import { startReplayServer } from './server';

async function main(): Promise<void> {
  const port = await eisVrijePoort('REPLAY_PORT', '3999', '127.0.0.1');
  const server = await startReplayServer({ port, faults: process.env.REPLAY_FAULTS }).catch((e) => stopMet(poortMelding(e, port, 'REPLAY_PORT')));
  console.log(`replay-server op ${server.url}; bron-URL: ${server.url}/<bron-id>`);
  process.on('SIGINT', () => void server.close().then(() => process.exit(0)));
}

main().catch((e) => stopMet(`npm run replay is gestopt: ${String((e as Error)?.message ?? e).split("\n")[0]}`));
