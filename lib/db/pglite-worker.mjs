// Worker thread that owns the server's embedded PGlite (started by lib/db/pglite-proxy.mjs), so that
// PostgreSQL's WASM, its synchronous page reads and PGlite's protocol parsing run off the main thread
// (where Next.js handles HTTP). Plain JavaScript loaded by absolute path: no bundler involved.
//
// Protocol (one MessagePort, the worker's parentPort):
//   worker -> main  { type: 'ready', arrayTypes: [[elementOid, arrayOid], ...] } | { type: 'failed', error }
//   main -> worker  { id, op: 'query' | 'exec', sql, params?, options?, txId? }
//                   { id, op: 'begin', txId }            (reply when the transaction has ended)
//                   { id, op: 'rollback', txId }         (tx.rollback())
//                   { op: 'end', txId, commit }          (the callback returned / threw)
//                   { id, op: 'close' }
//   worker -> main  { type: 'txOpen', txId } | { id, ok: true, result } | { id, ok: false, error }
//
// Values come back as raw text (every parser returns its input) with the field type ids; the main
// thread applies the parsers PGlite would have applied (functions cannot cross threads). Rows are
// always arrays; the main thread builds objects when rowMode is 'object'.
import { parentPort, workerData } from 'node:worker_threads';
import { createPGlite } from './pglite.mjs';

const port = parentPort;
const raw = (x) => x;
// Returns the identity parser for every type id: parseResults then leaves all values as text.
const RAW_PARSERS = new Proxy({}, { get: () => raw });

let db;
let DatabaseError;
const txs = new Map(); // txId -> { tx, chain, end: { resolve, reject } }

function serializeError(e) {
  if (DatabaseError && e instanceof DatabaseError) {
    const fields = {};
    for (const [k, v] of Object.entries(e)) {
      if (k === 'query' || k === 'params' || k === 'queryOptions' || k === 'length' || k === 'name') continue;
      if (v === undefined || typeof v === 'string' || typeof v === 'number') fields[k] = v;
    }
    return { database: true, message: e.message, length: e.length, name: e.name, fields };
  }
  const err = e instanceof Error ? e : new Error(String(e));
  return { database: false, message: err.message, name: err.name, code: err.code, stack: err.stack };
}

// A PGlite result as plain data; a written blob (COPY TO '/dev/blob') as bytes, transferred.
async function plainResult(r, transfer) {
  const out = { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
  if (r.command !== undefined) out.command = r.command;
  if (r.rowCount !== undefined) out.rowCount = r.rowCount;
  if (r.blob) {
    const buf = await r.blob.arrayBuffer();
    transfer.push(buf);
    out.blob = { buf, type: r.blob.type };
  }
  return out;
}

function queryOptions(o) {
  const opts = { rowMode: 'array' };
  if (o?.paramTypes) opts.paramTypes = o.paramTypes;
  // PGlite only calls blob.arrayBuffer(): hand it the transferred bytes without another copy.
  if (o?.blob) opts.blob = { type: o.blob.type, size: o.blob.buf.byteLength, arrayBuffer: async () => o.blob.buf };
  return opts;
}

async function run(target, msg) {
  const transfer = [];
  if (msg.op === 'query') {
    const r = await target.query(msg.sql, msg.params ?? [], queryOptions(msg.options));
    return { result: await plainResult(r, transfer), transfer };
  }
  if (msg.op === 'exec') {
    const rs = await target.exec(msg.sql, queryOptions(msg.options));
    const result = [];
    for (const r of rs) result.push(await plainResult(r, transfer));
    return { result, transfer };
  }
  if (msg.op === 'rollback') {
    await target.rollback();
    return { result: null, transfer };
  }
  throw new Error(`pglite-worker: unknown operation ${msg.op}`);
}

function reply(id, work) {
  work.then(
    ({ result, transfer }) => port.postMessage({ id, ok: true, result }, transfer),
    (e) => port.postMessage({ id, ok: false, error: serializeError(e) }),
  );
}

function begin(msg) {
  const work = db.transaction(
    (tx) =>
      new Promise((resolve, reject) => {
        txs.set(msg.txId, { tx, chain: Promise.resolve(), end: { resolve, reject } });
        port.postMessage({ type: 'txOpen', txId: msg.txId });
      }),
  );
  const done = work.finally(() => txs.delete(msg.txId));
  reply(msg.id, done.then(() => ({ result: null, transfer: [] })));
}

function onMessage(msg) {
  if (msg.op === 'begin') return begin(msg);
  if (msg.op === 'close') {
    return reply(
      msg.id,
      (async () => {
        if (!db.closed) await db.close();
        return { result: null, transfer: [] };
      })(),
    );
  }
  if (msg.txId !== undefined) {
    const t = txs.get(msg.txId);
    if (!t) {
      if (msg.id !== undefined) port.postMessage({ id: msg.id, ok: false, error: serializeError(new Error('Transaction is closed')) });
      return;
    }
    // Operations of one transaction run in the order they were sent; the end waits for them
    // (e.g. Prisma's rollback() does not await tx.rollback() before ending the transaction).
    if (msg.op === 'end') {
      t.chain.then(() => (msg.commit ? t.end.resolve() : t.end.reject(new Error('rollback'))));
      return;
    }
    const work = t.chain.then(() => run(t.tx, msg));
    t.chain = work.catch(() => undefined);
    return reply(msg.id, work);
  }
  reply(msg.id, run(db, msg));
}

try {
  const { messages } = await import('@electric-sql/pglite');
  DatabaseError = messages.DatabaseError;
  db = await createPGlite(workerData.dir);
  const types = await db.query(
    `SELECT b.oid, b.typarray FROM pg_catalog.pg_type a
       LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
      WHERE a.typcategory = 'A' GROUP BY b.oid, b.typarray ORDER BY b.oid`,
    [],
    { rowMode: 'array' },
  );
  db.parsers = RAW_PARSERS;
  port.on('message', onMessage);
  port.postMessage({ type: 'ready', arrayTypes: types.rows.filter((r) => r[0] !== null && r[1] !== null) });
} catch (e) {
  try {
    if (db && !db.closed) await db.close();
  } catch {
    // the failure is what gets reported
  }
  port.postMessage({ type: 'failed', error: serializeError(e) });
}
