// The parse side of the LEI import in a worker thread (started by import.ts when a TypeScript loader is
// available, see startParseWorker there): reads, unzips, hashes and parses the Level 1 and RR files,
// drops duplicate LEIs and unrelated relationships, and encodes the rows as COPY text batches
// (common/copy-text.ts) which it transfers to the main thread; the main thread only loads them (COPY)
// and publishes. Back-pressure: at most MAX_QUEUED batches are sent and not yet taken by the main
// thread (it posts a credit per batch taken), so memory stays bounded whatever the file size.
// Only types are imported from this file elsewhere; it runs its import only inside a worker.
import { parentPort, workerData } from 'node:worker_threads';
import { CopyBatchEncoder, type CopyBatch } from '../common/copy-text';
import { isImportRefused, type RefusalKind } from '../common/refusal';
import type { Completeness } from './completeness';
import { ENTITY_COLUMNS, entityLine, open, RELATION_COLUMNS, relationRow, relevantRelationships, uniqueEncodedEntities, ZOEK_COLUMNS, zoekLine, type Opened } from './source';

/** Batches sent to the main thread and not yet taken by it. */
export const MAX_QUEUED = 3;

export interface ParseWorkerInput {
  leiParseWorker: true;
  file: string;
  rr?: string;
  every: number;
}

export interface WorkerProgress {
  fase: 'entiteiten' | 'relaties';
  gelezen: number;
  opgeslagen: number;
  bytes: number;
  totaalBytes: number | null;
}

export interface ParsedFile {
  names: string[];
  sha256: string;
  bytes: number;
  gelezen: number;
  contentDate: string | null;
  /** The completeness check (completeness.ts) that passed. */
  controle: Completeness | null;
}

export interface ParseWorkerResult {
  l1: ParsedFile & { entiteiten: number; dubbel: number };
  rr: (ParsedFile & { relaties: number }) | null;
}

/** The tables the worker sends COPY batches for: entities, their search rows, relationships. */
export type LeiTable = 'lei_entiteit' | 'lei_zoek' | 'lei_relatie';

/** Worker → main thread. */
export type ParseWorkerMessage =
  | { type: 'ready' }
  | { type: 'batch'; table: LeiTable; data: Uint8Array; rows: number }
  | { type: 'progress'; progress: WorkerProgress }
  /** The Level 1 file is done (all its batches were sent before this message). */
  | { type: 'entitiesDone'; progress: WorkerProgress }
  | { type: 'done'; result: ParseWorkerResult; progress: WorkerProgress | null }
  /** `refusal`: the file was refused (ImportRefused), to be thrown as such on the main thread. */
  | { type: 'error'; message: string; refusal?: { reden: string; soort: RefusalKind } };

/** Main thread → worker: start (the import id is known once the worker is up), or one batch taken. */
export type ParseWorkerCommand = { type: 'start'; importId: number } | { type: 'credit' };

async function run(input: ParseWorkerInput, port: NonNullable<typeof parentPort>): Promise<void> {
  const post = (m: ParseWorkerMessage, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);
  let credits = MAX_QUEUED;
  let wake: (() => void) | null = null;
  let importId: number | null = null;
  port.on('message', (m: ParseWorkerCommand) => {
    if (m?.type === 'start') importId = m.importId;
    else if (m?.type === 'credit') credits++;
    else return;
    const w = wake;
    wake = null;
    w?.();
  });
  while (importId === null) await new Promise<void>((r) => (wake = r));
  const send = async (table: LeiTable, b: CopyBatch) => {
    while (credits <= 0) await new Promise<void>((r) => (wake = r));
    credits--;
    post({ type: 'batch', table, data: b.data, rows: b.rows }, [b.data.buffer as ArrayBuffer]);
  };
  const progress = (fase: WorkerProgress['fase'], gelezen: number, opgeslagen: number, o: Opened): WorkerProgress => ({
    fase,
    gelezen,
    opgeslagen,
    bytes: o.state.bytes,
    totaalBytes: o.state.total,
  });
  const { every } = input;

  // Level 1
  const l1 = await open(input.file);
  const { stats: xmlStats, batches } = await uniqueEncodedEntities(l1);
  const leis = xmlStats.leis;
  const enc = new CopyBatchEncoder(ENTITY_COLUMNS);
  const zenc = new CopyBatchEncoder(ZOEK_COLUMNS);
  let lastReport = 0;
  for await (const batch of batches) {
    for (const e of batch) {
      const full = enc.addLine(entityLine(importId, e));
      if (full) for (const b of full) await send('lei_entiteit', b);
      const zfull = zenc.addLine(zoekLine(importId, e));
      if (zfull) for (const b of zfull) await send('lei_zoek', b);
    }
    if (xmlStats.gelezen - lastReport >= every) {
      lastReport = xmlStats.gelezen;
      post({ type: 'progress', progress: progress('entiteiten', xmlStats.gelezen, leis.size, l1) });
    }
  }
  const last = enc.take();
  if (last) await send('lei_entiteit', last);
  const zlast = zenc.take();
  if (zlast) await send('lei_zoek', zlast);
  await l1.finish();
  post({ type: 'entitiesDone', progress: progress('entiteiten', xmlStats.gelezen, leis.size, l1) });
  const result: ParseWorkerResult = {
    l1: {
      names: l1.names,
      sha256: l1.hash.digest('hex'),
      bytes: l1.state.bytes,
      gelezen: xmlStats.gelezen,
      contentDate: xmlStats.contentDate,
      controle: xmlStats.controle ?? null,
      entiteiten: leis.size,
      dubbel: xmlStats.dubbel,
    },
    rr: null,
  };

  // Level 2: relationships with a Dutch entity at either end.
  let final: WorkerProgress | null = null;
  if (input.rr) {
    const rr = await open(input.rr);
    const { stats: rrStats, relationships: rels } = await relevantRelationships(rr, leis);
    const renc = new CopyBatchEncoder(RELATION_COLUMNS);
    let n = 0;
    lastReport = 0;
    for await (const r of rels) {
      const full = renc.add(relationRow(importId, ++n, r));
      if (full) for (const b of full) await send('lei_relatie', b);
      if (rrStats.gelezen - lastReport >= every) {
        lastReport = rrStats.gelezen;
        post({ type: 'progress', progress: progress('relaties', rrStats.gelezen, n, rr) });
      }
    }
    const rest = renc.take();
    if (rest) await send('lei_relatie', rest);
    await rr.finish();
    final = progress('relaties', rrStats.gelezen, n, rr);
    result.rr = {
      names: rr.names,
      sha256: rr.hash.digest('hex'),
      bytes: rr.state.bytes,
      gelezen: rrStats.gelezen,
      contentDate: rrStats.contentDate,
      controle: rrStats.controle ?? null,
      relaties: n,
    };
  }
  post({ type: 'done', result, progress: final });
}

const input = workerData as ParseWorkerInput | undefined;
if (parentPort && input?.leiParseWorker) {
  const port = parentPort;
  port.postMessage({ type: 'ready' } satisfies ParseWorkerMessage);
  run(input, port).catch((e: unknown) => {
    const refusal = isImportRefused(e) ? { reden: e.reden, soort: e.soort } : undefined;
    port.postMessage({ type: 'error', message: e instanceof Error ? e.message : String(e), refusal } satisfies ParseWorkerMessage);
  });
}
