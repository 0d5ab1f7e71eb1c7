// The server's embedded PGlite in a worker thread (lib/db/pglite-worker.mjs): PostgreSQL's WASM, its
// synchronous page reads and PGlite's protocol parsing then run on a second core, and the main thread
// (Next.js, Prisma) only posts messages. The proxy has the PGlite surface the server uses (query, sql,
// exec, transaction with tx.query/exec/sql/rollback, close, closed) and behaves like PGlite:
// - values arrive as text with their type ids and are parsed here with PGlite's own parsers (its
//   defaults, the array parsers it derives from pg_type, and the query's `parsers` option);
// - database errors are @electric-sql/pglite DatabaseError instances with the same fields, so Prisma's
//   error mapping (P2002, ...) is unchanged;
// - a transaction holds PGlite's mutex in the worker: other queries wait until it ends;
// - a blob (COPY FROM '/dev/blob') is transferred to the worker, a written blob transferred back.
// The lock file is taken here in the main thread, so a second process still gets PgliteLockedError.
//
// PGLITE_WORKER=uit|off|0|false runs PGlite in-process as before; when the worker cannot start, the
// database is opened in-process too (with a log line). Plain JavaScript like pglite.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { acquirePgliteLock, openPGlite } from './pglite.mjs';

/** False when PGLITE_WORKER is uit/off/0/false/nee/no: PGlite then runs in the server's main thread. */
export function pgliteWorkerEnabled(env = process.env) {
  const v = (env.PGLITE_WORKER ?? '').trim().toLowerCase();
  return !['uit', 'off', '0', 'false', 'nee', 'no'].includes(v);
}

/** The worker script: by absolute path from the working directory (the repo root in all entry points). */
export function pgliteWorkerScript() {
  return path.join(/* turbopackIgnore: true */ process.cwd(), 'lib', 'db', 'pglite-worker.mjs');
}

let pgliteModule;
const loadPGliteModule = () => (pgliteModule ??= import('@electric-sql/pglite'));

// Parameters as PGlite would see them in-process, made cloneable: byte views are copied to their own
// buffer (a Buffer from Node's pool would clone the whole pool), and class instances (a Decimal, ...) that
// have their own toString() become that string, as PGlite's fallback serializer would do.
function wireParam(p) {
  if (p === null || typeof p !== 'object') return p;
  if (Array.isArray(p)) return p.map(wireParam);
  if (p instanceof Date) return p;
  if (ArrayBuffer.isView(p)) {
    if (!(p instanceof Uint8Array)) return p; // cloned with its whole buffer: correct, only not minimal
    const whole = p.byteOffset === 0 && p.byteLength === p.buffer.byteLength;
    return whole && Object.getPrototypeOf(p) === Uint8Array.prototype ? p : new Uint8Array(p);
  }
  const proto = Object.getPrototypeOf(p);
  if (proto === Object.prototype || proto === null) return p;
  if (typeof p.toString === 'function' && p.toString !== Object.prototype.toString) return p.toString();
  return p;
}

function databaseError(mod, e, context) {
  if (!e.database) {
    const err = new Error(e.message);
    if (e.name && e.name !== 'Error') err.name = e.name;
    if (e.code !== undefined) err.code = e.code;
    if (e.stack) err.stack = `${err.name}: ${e.message}\n    at (PGlite worker) ${e.stack.split('\n').slice(1, 4).join(' | ')}`;
    return err;
  }
  const err = new mod.messages.DatabaseError(e.message, e.length, e.name);
  Object.assign(err, e.fields);
  if (context) {
    // As PGlite's makePGliteError
    err.query = context.sql;
    err.params = context.params;
    err.queryOptions = context.options;
  }
  return err;
}

function checkOptions(options) {
  if (options?.serializers) throw new Error('PGlite worker: de query-optie serializers wordt niet ondersteund / the serializers query option is not supported');
  if (options?.onNotice) throw new Error('PGlite worker: de query-optie onNotice wordt niet ondersteund / the onNotice query option is not supported');
}

/** PGlite-compatible client of a PGlite running in a worker thread. */
export class PGliteWorkerProxy {
  #worker;
  #mod;
  #pending = new Map(); // id -> { resolve, reject, context }
  #txOpen = new Map(); // txId -> resolve
  #nextId = 1;
  #closing;
  #closed = false;
  #fatal;
  #onFatal;

  /** Starts the worker on `dir` and waits until its PGlite is open; rejects when it cannot start. */
  static async start(dir, { onFatal, script = pgliteWorkerScript() } = {}) {
    if (!fs.existsSync(/* turbopackIgnore: true */ script)) throw new Error(`PGlite worker script not found: ${script}`);
    const mod = await loadPGliteModule();
    // Imported out of the bundler's sight: Turbopack would otherwise try to bundle the worker script.
    const { Worker } = await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ 'node:worker_threads');
    const worker = new Worker(script, { workerData: { dir }, execArgv: [] });
    let arrayTypes;
    let onMessage, onError, onExit;
    try {
      arrayTypes = await new Promise((resolve, reject) => {
        onMessage = (m) => {
          if (m?.type === 'ready') resolve(m.arrayTypes);
          else if (m?.type === 'failed') reject(databaseError(mod, m.error));
        };
        onError = reject;
        onExit = (code) => reject(new Error(`PGlite worker stopped while starting (exit code ${code})`));
        worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      });
    } catch (e) {
      await worker.terminate().catch(() => undefined);
      throw e;
    } finally {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    }
    return new PGliteWorkerProxy(worker, mod, dir, arrayTypes, onFatal);
  }

  constructor(worker, mod, dir, arrayTypes, onFatal) {
    this.#worker = worker;
    this.#mod = mod;
    this.#onFatal = onFatal;
    this.dataDir = dir;
    this.waitReady = Promise.resolve();
    // PGlite's parsers: its defaults plus one array parser per element type (as _initArrayTypes).
    const parsers = { ...mod.types.parsers };
    for (const [oid, typarray] of arrayTypes) {
      parsers[typarray] = (x) => mod.types.arrayParser(x, parsers[oid], typarray);
    }
    this.parsers = parsers;
    worker.on('message', (m) => this.#onMessage(m));
    worker.on('error', (e) => this.#fail(e));
    worker.on('exit', (code) => this.#fail(new Error(`PGlite worker stopped (exit code ${code})`)));
    worker.unref(); // like an in-process PGlite, an idle database does not keep the process alive
  }

  get closed() {
    return this.#closed;
  }

  get ready() {
    return !this.#closed && !this.#closing;
  }

  #fail(e) {
    if (this.#closed) return;
    this.#closed = true;
    this.#fatal = e;
    this.#worker.terminate().catch(() => undefined);
    for (const p of this.#pending.values()) p.reject(e);
    this.#pending.clear();
    this.#txOpen.clear();
    if (!this.#closing) this.#onFatal?.(e);
  }

  #onMessage(m) {
    if (m.type === 'txOpen') {
      this.#txOpen.get(m.txId)?.();
      return;
    }
    const p = this.#pending.get(m.id);
    if (!p) return;
    this.#pending.delete(m.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (m.ok) p.resolve(m.result);
    else p.reject(databaseError(this.#mod, m.error, p.context));
  }

  #check() {
    if (this.#fatal) throw this.#fatal;
    if (this.#closing) throw new Error(this.#closed ? 'PGlite is closed' : 'PGlite is closing');
    if (this.#closed) throw new Error('PGlite is closed');
  }

  #call(msg, transfer, context, closing = false) {
    return new Promise((resolve, reject) => {
      if (!closing) this.#check();
      const id = this.#nextId++;
      msg.id = id;
      this.#pending.set(id, { resolve, reject, context });
      if (this.#pending.size === 1) this.#worker.ref(); // keep the process alive until the answer
      try {
        this.#worker.postMessage(msg, transfer);
      } catch (e) {
        this.#pending.delete(id);
        if (this.#pending.size === 0) this.#worker.unref();
        throw e;
      }
    });
  }

  async #wire(options) {
    checkOptions(options);
    const out = {};
    const transfer = [];
    if (options?.paramTypes) out.paramTypes = options.paramTypes;
    if (options?.blob) {
      const buf = await options.blob.arrayBuffer();
      transfer.push(buf);
      out.blob = { buf, type: options.blob.type };
    }
    return { options: out, transfer };
  }

  // PGlite merges the query's parsers over its own on every query; the Prisma adapter passes the same
  // object every time, so the merge is kept per parsers object (as long as this.parsers is unchanged).
  #mergedFor = new WeakMap();
  #merged(extra) {
    let m = this.#mergedFor.get(extra);
    if (!m || m.base !== this.parsers) {
      m = { base: this.parsers, parsers: { ...this.parsers, ...extra } };
      this.#mergedFor.set(extra, m);
    }
    return m.parsers;
  }

  // A worker result (rows of text) as PGlite returns it: parsed values, rows as arrays or objects.
  #parse(r, options) {
    const parsers = options?.parsers ? this.#merged(options.parsers) : this.parsers;
    const defaults = this.#mod.types.parsers;
    const fields = r.fields;
    const n = fields.length;
    const fns = fields.map((f) => parsers[f.dataTypeID] ?? defaults[f.dataTypeID]);
    const ids = fields.map((f) => f.dataTypeID);
    const rows = r.rows;
    const asObjects = options?.rowMode !== 'array';
    for (let j = 0; j < rows.length; j++) {
      const row = rows[j];
      for (let i = 0; i < n; i++) {
        const x = row[i];
        if (x !== null && fns[i]) row[i] = fns[i](x, ids[i]);
      }
      if (asObjects) {
        const o = {};
        for (let i = 0; i < n; i++) o[fields[i].name] = row[i];
        rows[j] = o;
      }
    }
    const out = { rows, fields, affectedRows: r.affectedRows };
    if (r.command !== undefined) out.command = r.command;
    if (r.rowCount !== undefined) out.rowCount = r.rowCount;
    if (r.blob) out.blob = new Blob([r.blob.buf], { type: r.blob.type });
    return out;
  }

  async _query(sql, params, options, txId) {
    const { options: wireOptions, transfer } = await this.#wire(options);
    const msg = { op: 'query', sql, params: (params ?? []).map(wireParam), options: wireOptions };
    if (txId !== undefined) msg.txId = txId;
    const r = await this.#call(msg, transfer, { sql, params, options });
    return this.#parse(r, options);
  }

  async _exec(sql, options, txId) {
    const { options: wireOptions, transfer } = await this.#wire(options);
    const msg = { op: 'exec', sql, options: wireOptions };
    if (txId !== undefined) msg.txId = txId;
    const rs = await this.#call(msg, transfer, { sql, params: undefined, options });
    return rs.map((r) => this.#parse(r, options));
  }

  async _sql(txId, strings, params) {
    const { query } = await import('@electric-sql/pglite/template');
    const q = query(strings, ...params);
    return this._query(q.query, q.params, undefined, txId);
  }

  /** One SQL statement with parameters (extended protocol), as PGlite.query. */
  query(sql, params, options) {
    return this._query(sql, params, options);
  }

  /** A tagged-template statement, as PGlite.sql. */
  sql(strings, ...params) {
    return this._sql(undefined, strings, params);
  }

  /** One or more statements without parameters (simple protocol), as PGlite.exec. */
  exec(sql, options) {
    return this._exec(sql, options);
  }

  /** Runs `callback` in a transaction (committed when it returns, rolled back when it throws). */
  async transaction(callback) {
    this.#check();
    const txId = this.#nextId++;
    const opened = new Promise((resolve) => this.#txOpen.set(txId, resolve));
    const done = this.#call({ op: 'begin', txId });
    try {
      await Promise.race([opened, done]);
    } finally {
      this.#txOpen.delete(txId);
    }
    let closed = false;
    const checkClosed = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: async (sql, params, options) => {
        checkClosed();
        return this._query(sql, params, options, txId);
      },
      sql: async (strings, ...params) => {
        checkClosed();
        return this._sql(txId, strings, params);
      },
      exec: async (sql, options) => {
        checkClosed();
        return this._exec(sql, options, txId);
      },
      rollback: async () => {
        checkClosed();
        await this.#call({ op: 'rollback', txId });
        closed = true;
      },
      listen: async () => {
        throw new Error('PGlite worker: listen wordt niet ondersteund / listen is not supported');
      },
      get closed() {
        return closed;
      },
    };
    const end = (commit) => {
      if (!this.#closed) this.#worker.postMessage({ op: 'end', txId, commit });
    };
    let result;
    try {
      result = await callback(tx);
    } catch (e) {
      closed = true;
      end(false);
      await done.catch(() => undefined);
      throw e;
    }
    closed = true;
    end(true);
    await done;
    return result;
  }

  /** Closes PGlite in the worker and stops the worker. */
  close() {
    this.#closing ??= (async () => {
      try {
        if (!this.#closed) await this.#call({ op: 'close' }, undefined, undefined, true);
      } finally {
        this.#closed = true;
        await this.#worker.terminate().catch(() => undefined);
        const e = new Error('PGlite is closed');
        for (const p of this.#pending.values()) p.reject(e);
        this.#pending.clear();
      }
    })();
    return this.#closing;
  }
}

/**
 * Opens a PGlite data directory (or memory://) in a worker thread, holding the lock (in this thread)
 * until close(). When the worker cannot start, opens it in-process instead (openPGlite) and says so
 * through `log`. A held lock (PgliteLockedError) is thrown as is. `worker` tells which one it is.
 */
export async function openPGliteWorker(dir, { log, script } = {}) {
  const memory = dir.startsWith('memory://');
  const release = memory ? () => {} : acquirePgliteLock(dir);
  let db;
  try {
    db = await PGliteWorkerProxy.start(dir, {
      script,
      onFatal: (e) => log?.('error', 'pglite_worker_gestopt', { fout: e?.name, melding: e?.message }),
    });
  } catch (e) {
    release();
    log?.('warn', 'pglite_worker_niet_gestart', { fout: e?.name, melding: e?.message, terugval: 'in-process' });
    return { ...(await openPGlite(dir)), worker: false };
  }
  let closing;
  const close = () =>
    (closing ??= (async () => {
      try {
        await db.close();
      } finally {
        release();
      }
    })());
  return { db, close, worker: true };
}
