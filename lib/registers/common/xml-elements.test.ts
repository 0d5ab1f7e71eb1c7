// splitXmlElementBatches: the same elements as splitXmlElements, grouped per input chunk.
import { describe, expect, it } from 'vitest';
import { splitXmlElementBatches, splitXmlElements, type XmlElementChunk } from './xml-elements';

async function* chunks(s: string, size: number): AsyncGenerator<Buffer> {
  const b = Buffer.from(s);
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}

describe('splitXmlElementBatches', () => {
  const xml = '<?xml version="1.0"?>\n<x:D><x:H>h</x:H>\n<x:R a="1"><x:V>é</x:V></x:R>\n<x:R/>\n<R><V>2\n3</V></R><x:Rx/></x:D>';
  it.each([1, 5, 17, 1000])('yields the elements of splitXmlElements, in order, in non-empty batches (chunks of %i)', async (size) => {
    const single: XmlElementChunk[] = [];
    const headers: string[] = [];
    for await (const p of splitXmlElements(chunks(xml, size), { tags: ['R'], onHeader: (h) => headers.push(h) })) single.push(p);
    const batched: XmlElementChunk[] = [];
    const batchHeaders: string[] = [];
    for await (const b of splitXmlElementBatches(chunks(xml, size), { tags: ['R'], onHeader: (h) => batchHeaders.push(h) })) {
      expect(b.length).toBeGreaterThan(0);
      batched.push(...b);
    }
    expect(single.map((p) => p.line)).toEqual([3, 4, 5]);
    expect(batched).toEqual(single);
    expect(batchHeaders).toEqual(headers);
  });

  it('leaves lines uncounted (0) with lines: false, elements unchanged', async () => {
    const counted: XmlElementChunk[] = [];
    for await (const p of splitXmlElements(chunks(xml, 7), { tags: ['R'] })) counted.push(p);
    const uncounted: XmlElementChunk[] = [];
    for await (const p of splitXmlElements(chunks(xml, 7), { tags: ['R'], lines: false })) uncounted.push(p);
    expect(uncounted.map((p) => p.line)).toEqual([0, 0, 0]);
    expect(uncounted.map(({ line: _l, ...rest }) => rest)).toEqual(counted.map(({ line: _l, ...rest }) => rest));
  });
});
