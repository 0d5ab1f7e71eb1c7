// The checks a process makes before it starts serving (npm start, npm run demo, npm run replay, the
// production server, npm run worker): a port that can be listened on, a data directory that can be used.
// Whatever is wrong is ONE line that names the variable to change, and the process exits with code 1 at
// once: never a stack trace, never a process that keeps running without serving.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Prints one line on stderr and exits with code 1. */
export function stopMet(melding) {
  process.stderr.write(`» ${melding}\n`);
  process.exit(1);
}

/**
 * The port in `waarde` (a variable's value) as a number, or the sentence that says what is wrong with it.
 * @returns {{ port: number } | { fout: string }}
 */
export function leesPoort(waarde, variabele) {
  const s = String(waarde ?? '').trim();
  const port = Number(s);
  if (!/^\d+$/.test(s) || !Number.isSafeInteger(port) || port < 1 || port > 65535) {
    return { fout: `${variabele}=${JSON.stringify(String(waarde))} is geen poortnummer (1–65535): zet ${variabele} op een vrije poort, bijvoorbeeld ${variabele}=3100.` };
  }
  return { port };
}

/** The sentence for a listen error on `port`, naming the variable that chooses it. */
export function poortMelding(fout, port, variabele) {
  const code = fout?.code ?? '';
  if (code === 'EADDRINUSE') return `Poort ${port} is al in gebruik: stop wat daar draait, of kies een andere poort met ${variabele}=<poort> (bijvoorbeeld ${variabele}=${port === 65535 ? port - 1 : port + 1}).`;
  if (code === 'EACCES') return `Poort ${port} mag dit proces niet openen (${code}): kies een poort boven 1023 met ${variabele}=<poort>.`;
  if (code === 'EADDRNOTAVAIL') return `Op dit adres kan niet op poort ${port} worden geluisterd (${code}): kies een ander adres of een andere poort met ${variabele}=<poort>.`;
  return `Poort ${port} kan niet worden geopend (${code || String(fout?.message ?? fout).split('\n')[0]}): kies een andere poort met ${variabele}=<poort>.`;
}

/**
 * Resolves with null when `port` can be listened on right now (on `host`, default every address, as the
 * servers do), else with the listen error. The probe is closed again at once.
 */
export function probeerPoort(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (fout) => resolve(fout));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

/** Reads the port from `variabele` (or `standaard`), checks that it is free, and stops with one line if not. */
export async function eisVrijePoort(variabele, standaard, host) {
  const gelezen = leesPoort(process.env[variabele] ?? standaard, variabele);
  if ('fout' in gelezen) stopMet(gelezen.fout);
  const fout = await probeerPoort(gelezen.port, host);
  if (fout) stopMet(poortMelding(fout, gelezen.port, variabele));
  return gelezen.port;
}

/**
 * Whether the embedded database's data directory can be used: created when missing, a directory, writable.
 * Returns null when it can, else the sentence naming PGLITE_DIR. (A directory that another process holds
 * is found when the database is opened: see dataMapMelding.)
 */
export function controleerDataMap(dir) {
  const toon = toonPad(path.resolve(dir));
  try {
    if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) {
      return `PGLITE_DIR wijst naar ${toon}, en dat is een bestand, geen map: kies een map met PGLITE_DIR=<map> (of zet DATABASE_URL naar een PostgreSQL-server).`;
    }
    maakMap(path.resolve(dir));
    fs.accessSync(dir, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
    return null;
  } catch (fout) {
    return `De databasemap ${toon} is niet te gebruiken (${fout?.code ?? String(fout?.message ?? fout).split('\n')[0]}): kies een schrijfbare map met PGLITE_DIR=<map> (of zet DATABASE_URL naar een PostgreSQL-server).`;
  }
}

/**
 * Creates `dir` and its missing parents one level at a time. Not mkdirSync's recursive mode: on procfs
 * (PGLITE_DIR=/proc/…) that retries forever, since the kernel answers ENOENT for a directory it cannot make.
 */
function maakMap(dir) {
  const ontbrekend = [];
  let p = dir;
  while (!fs.existsSync(p)) {
    ontbrekend.unshift(p);
    const ouder = path.dirname(p);
    if (ouder === p) break;
    p = ouder;
  }
  for (const m of ontbrekend) fs.mkdirSync(m);
}

/** The sentence for a database that could not be opened: names PGLITE_DIR or DATABASE_URL, never a password. */
export function databaseMelding(fout, { dir, url } = {}) {
  const eerste = reden(fout);
  if (url) {
    return `De PostgreSQL-database van DATABASE_URL (${zonderWachtwoord(url)}) is niet te openen (${eerste}): controleer DATABASE_URL.`;
  }
  const toon = toonPad(dir);
  if (fout?.code === 'PGLITE_LOCKED') {
    return `De database in ${toon} is al geopend door proces ${fout.pid} (een andere server of import?): stop dat proces, of kies een andere map met PGLITE_DIR=<map>.`;
  }
  return `De database in ${toon} is niet te openen (${eerste}): kies een andere map met PGLITE_DIR=<map>, of herstel of verwijder deze map.`;
}

/**
 * The reason in an error, short: its code (ECONNREFUSED) and its first line that says something (Prisma's
 * messages start with an empty line and a header; our lock error has a Dutch and an English half, the Dutch
 * is enough).
 */
function reden(fout) {
  const regels = String(fout?.message ?? fout ?? '')
    .split('\n')
    .map((r) => r.trim())
    .filter((r) => r !== '' && !r.startsWith('at '));
  // Prisma puts "Invalid `prisma.x()` invocation:" first and the cause last.
  const regel = (regels[0]?.startsWith('Invalid `') ? regels[regels.length - 1] : regels[0]) ?? '';
  const kort = regel.split(' / ')[0];
  const code = typeof fout?.code === 'string' && /^[A-Z0-9_]+$/.test(fout.code) ? fout.code : '';
  if (code && !kort.includes(code)) return kort ? `${code}: ${kort}` : code;
  return kort || 'onbekende fout';
}

/** A database URL for messages: without its password, and without its query (which may carry one too). */
export function zonderWachtwoord(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    u.search = '';
    return u.toString();
  } catch {
    return '(ongeldige URL)';
  }
}

function toonPad(dir) {
  const rel = path.relative(process.cwd(), dir);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : dir;
}
