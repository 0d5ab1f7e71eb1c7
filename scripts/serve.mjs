#!/usr/bin/env node
// The production server: the built Next.js app behind a plain Node HTTP server that sets X-Forwarded-For
// from the connection itself. `next start` passes a client's own X-Forwarded-For on unchanged, and the rate
// limits per address (lib/access/toegang.ts) must not be escapable by sending one. With TRUST_PROXY_HOPS=N
// (a reverse proxy in front), the last N entries the proxies added are kept before the connection's address.
//
//   node scripts/serve.mjs [-p PORT] [-H HOST]        (npm start runs it after the build and migrations)
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { doorgestuurdVoor } from './forwarded-for.mjs';
import { leesPoort, poortMelding, stopMet } from './startcontrole.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (flag, fallback) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const gelezen = leesPoort(arg('-p', process.env.PORT ?? '3000'), 'PORT');
if ('fout' in gelezen) stopMet(gelezen.fout);
const { port } = gelezen;
const hostname = arg('-H', undefined);

const app = next({ dev: false, dir: root, hostname, port });
const handle = app.getRequestHandler();
try {
  await app.prepare();
} catch (fout) {
  // A missing or half-written build (an interrupted `next build`): one line, not Next's stack trace.
  stopMet(`De app kan niet starten (${String(fout?.message ?? fout).split('\n')[0]}). Bouw opnieuw: verwijder .next en start met npm start (of npx next build).`);
}
const hops = Number(process.env.TRUST_PROXY_HOPS ?? '0') || 0;
const server = http.createServer((req, res) => {
  req.headers['x-forwarded-for'] = doorgestuurdVoor(req.headers['x-forwarded-for'], req.socket.remoteAddress, hops);
  handle(req, res);
});
// Idle keep-alive connections stay open 65 s (Node's default is 5 s): a client that pauses a few seconds
// between requests (an import beside the tests, a reverse proxy with a 60 s idle timeout) would otherwise
// reuse a connection the server is closing at that moment ("other side closed").
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
// A port that is taken (or refused) is one line naming PORT and exit code 1: Next's own handler for uncaught
// errors would otherwise log it and keep the process running without serving.
// Only while it starts listening: a later server error is not about the port.
const luisterFout = (fout) => stopMet(poortMelding(fout, port, 'PORT'));
server.once('error', luisterFout);
server.listen(port, hostname, () => {
  server.off('error', luisterFout);
  console.log(`» klaar op http://${hostname ?? 'localhost'}:${port}`);
});
// On a stop signal: no new connections, idle keep-alive connections closed, and out after 5 s at the latest.
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
