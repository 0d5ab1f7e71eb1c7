// CopyBatchEncoder.addLine (a line written by the caller, e.g. lei/source.ts entityLine) and add give
// the same batches; batches end at COPY_CHARS bytes or when a (long) line might not fit.
import { describe, expect, it } from 'vitest';
import type { BulkColumn } from './bulk-insert';
import { COPY_CHARS, CopyBatchEncoder, copyLine, type CopyBatch } from './copy-text';

const COLUMNS: BulkColumn[] = [{ name: 'id', cast: 'integer' }, { name: 't' }, { name: 'a', cast: 'text[]' }];
const text = (bs: CopyBatch[]) => Buffer.concat(bs.map((b) => b.data)).toString('utf8');

function run(rows: unknown[][], viaLine: boolean, maxRows = 5000): CopyBatch[] {
  const enc = new CopyBatchEncoder(COLUMNS, maxRows);
  const out: CopyBatch[] = [];
  for (const r of rows) out.push(...((viaLine ? enc.addLine(copyLine(COLUMNS, r)) : enc.add(r)) ?? []));
  const last = enc.take();
  if (last) out.push(last);
  return out;
}

describe('CopyBatchEncoder', () => {
  it('gives the same batches through add and addLine, hostile values included', () => {
    const rows = ['plain', 'tab\tnl\ncr\r', 'back\\slash', 'é€😀', '"q"'].map((t, i) => [i, t, [t, null]]);
    for (const maxRows of [1, 2, 5000]) {
      const a = run(rows, false, maxRows);
      const b = run(rows, true, maxRows);
      expect(b.map((x) => x.rows)).toEqual(a.map((x) => x.rows));
      expect(text(b)).toBe(text(a));
      expect(text(a)).toBe(rows.map((r) => copyLine(COLUMNS, r)).join(''));
    }
  });

  it('ends a batch at COPY_CHARS bytes and gives a line longer than the buffer a batch of its own size', () => {
    const big = 'x'.repeat(1 << 20);
    const rows = Array.from({ length: 12 }, (_, i) => [i, i === 7 ? big.repeat(2) : big, []]);
    const batches = run(rows, true);
    expect(batches.reduce((n, b) => n + b.rows, 0)).toBe(12);
    for (const b of batches) expect(b.data.length).toBeLessThanOrEqual(Math.max(COPY_CHARS + (1 << 20) * 3, 2 * (1 << 20) * 3 + 64));
    expect(text(batches)).toBe(rows.map((r) => copyLine(COLUMNS, r)).join(''));
  });
});
