// `npm run replay`: runs the replay server alone (REPLAY_PORT, default 3999; REPLAY_FAULTS=bron=soort[:ms],...).
import { startReplayServer } from './server';

async function main(): Promise<void> {
  const server = await startReplayServer({ port: Number(process.env.REPLAY_PORT ?? 3999), faults: process.env.REPLAY_FAULTS });
  console.log(`replay-server op ${server.url}; bron-URL: ${server.url}/<bron-id>`);
  process.on('SIGINT', () => void server.close().then(() => process.exit(0)));
}

void main();
