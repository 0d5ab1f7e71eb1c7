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
import { ANY_PATH_ALLOW, ORIGINAL_METHOD_HEADER, ROUTE_METHODS, clientErrorProblem, frontProblem, pageRedirect, rawProblemResponse, requestLine } from './http-problems.mjs';
import { serveWithEdge, warmStaticDocuments } from './http-edge.mjs';
import { serverTimeouts } from './server-timeouts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (flag, fallback) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const gelezen = leesPoort(arg('-p', process.env.PORT ?? '3000'), 'PORT');
if ('fout' in gelezen) stopMet(gelezen.fout);
const { port } = gelezen;
const hostname = arg('-H', undefined);
const timeouts = serverTimeouts(process.env.VERZOEK_TIMEOUT_MS);
if ('fout' in timeouts) stopMet(timeouts.fout);

const app = next({ dev: false, dir: root, hostname, port });
const handle = app.getRequestHandler();
try {
  await app.prepare();
} catch (fout) {
  // A missing or half-written build (an interrupted `next build`): one line, not Next's stack trace.
  stopMet(`De app kan niet starten (${String(fout?.message ?? fout).split('\n')[0]}). Bouw opnieuw: verwijder .next en start met npm start (of npx next build).`);
}
const hops = Number(process.env.TRUST_PROXY_HOPS ?? '0') || 0;
// Next.js route handlers build a fetch Request, which refuses TRACE, CONNECT and TRACK (a plain-text 500) and
// takes no other method outside ROUTE_METHODS: such a request goes on as PATCH, which no operation declares,
// with its own method in this header, so the route table answers a 405 problem with the path's Allow
// (lib/api/route.ts methodNotAllowed). A client's own copy of the header is dropped.
const server = http.createServer(timeouts.options, (req, res) => {
  req.headers['x-forwarded-for'] = doorgestuurdVoor(req.headers['x-forwarded-for'], req.socket.remoteAddress, hops);
  delete req.headers[ORIGINAL_METHOD_HEADER];
  // The /v1 checks before Next.js (http-problems.mjs frontProblem): a malformed percent-encoding, a trailing
  // slash (404, not Next's redirect: next.config.mjs skipTrailingSlashRedirect), query keys such as __proto__
  // that Next's query object would lose. Pages with a trailing slash are redirected to the canonical path.
  const url = req.url ?? '/';
  const front = /^\/v1(\/|\?|$)/.test(url) ? frontProblem(url) : null;
  const redirect = front ? null : /^\/v1(\/|\?|$)/.test(url) ? null : pageRedirect(url);
  serveWithEdge(req, res, () => {
    if (front) return void res.writeHead(front.status, front.headers).end(req.method === 'HEAD' ? undefined : front.body);
    if (redirect) return void res.writeHead(308, { Location: redirect, 'Content-Length': '0' }).end();
    if (!ROUTE_METHODS.includes(req.method)) {
      req.headers[ORIGINAL_METHOD_HEADER] = req.method;
      req.method = 'PATCH';
    }
    handle(req, res);
  }, { hops });
});
// Idle keep-alive connections stay open 65 s (Node's default is 5 s): a client that pauses a few seconds
// between requests (an import beside the tests, a reverse proxy with a 60 s idle timeout) would otherwise
// reuse a connection the server is closing at that moment ("other side closed"). Since Node 18 the headers
// and request timeouts (server-timeouts.mjs) run only while a request is arriving, not while a keep-alive
// connection waits for the next one, so they can be shorter than this.
server.keepAliveTimeout = 65_000;

// What Node's HTTP parser refuses, or what does not arrive in time, never reaches Next.js: answer it here
// as a short problem document (scripts/http-problems.mjs) instead of Node's body-less 400, 408 or 431.
server.on('clientError', (err, socket) => {
  if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  // A response already under way (a timeout while Next.js answers) cannot be replaced: close the connection.
  if (socket._httpMessage?.headersSent) return void socket.destroy();
  const { code, detail } = clientErrorProblem(err.code);
  if (code !== 'method_not_allowed') return void answerAndClose(socket, rawProblemResponse(code, detail));
  const line = requestLine(err.rawPacket);
  allowedMethods(line?.target).then((allow) => {
    if (!socket.writable) return void socket.destroy();
    const tekst = line ? `Methode ${line.method} wordt niet ondersteund.` : detail;
    answerAndClose(socket, allow === null ? rawProblemResponse('not_found', 'Dit pad bestaat niet in deze API. Zie /v1/openapi.json of /v1/bronnen voor alle operaties.') : rawProblemResponse(code, tekst, { Allow: allow }));
  });
});
// CONNECT (a tunnel request) is not something this server does.
server.on('connect', (req, socket) => {
  answerAndClose(socket, rawProblemResponse('method_not_allowed', 'Methode CONNECT wordt niet ondersteund.', { Allow: ANY_PATH_ALLOW }));
});

/** Writes a complete response and closes; a client still sending gets a second to read it before the socket goes. */
function answerAndClose(socket, response) {
  socket.end(response);
  setTimeout(() => socket.destroy(), 1_000).unref();
}

/**
 * The Allow list of a path for a method Node's parser refuses (FOO): asked of the route table itself with an
 * OPTIONS request to this server. null for an unknown /v1 path (404); GET, HEAD for the pages.
 */
function allowedMethods(target) {
  if (!target) return Promise.resolve(ANY_PATH_ALLOW);
  if (!/^\/v1(\/|\?|$)/.test(target)) return Promise.resolve('GET, HEAD'); // the pages
  const { address, port: eigenPoort } = server.address();
  const host = address === '::' ? '::1' : address === '0.0.0.0' ? '127.0.0.1' : address;
  return new Promise((resolve) => {
    const req = http.request({ host, port: eigenPoort, method: 'OPTIONS', path: target.split('?')[0], timeout: 2_000 }, (res) => {
      res.resume();
      if (res.statusCode === 404) resolve(null);
      else resolve(typeof res.headers.allow === 'string' ? res.headers.allow : ANY_PATH_ALLOW);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(ANY_PATH_ALLOW));
    req.end();
  });
}

// A port that is taken (or refused) is one line naming PORT and exit code 1: Next's own handler for uncaught
// errors would otherwise log it and keep the process running without serving.
// Only while it starts listening: a later server error is not about the port.
const luisterFout = (fout) => stopMet(poortMelding(fout, port, 'PORT'));
server.once('error', luisterFout);
server.listen(port, hostname, () => {
  server.off('error', luisterFout);
  console.log(`» klaar op http://${hostname ?? 'localhost'}:${port}`);
  const { address } = server.address();
  warmStaticDocuments(address === '::' ? '::1' : address === '0.0.0.0' ? '127.0.0.1' : address, server.address().port).catch(() => {});
});
// On a stop signal: no new connections, idle keep-alive connections closed, and out after 5 s at the latest.
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
