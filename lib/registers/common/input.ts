// Turns a file path, a Node Readable or any async iterable of chunks into an async iterable of bytes.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

export type ParseInput = string | Readable | AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

const enc = new TextEncoder();

/** Yields Uint8Array chunks; strings (from generators in tests) are UTF-8 encoded unless `latin1Strings`. */
export async function* byteChunks(input: ParseInput, latin1Strings = false): AsyncGenerator<Uint8Array> {
  const source: AsyncIterable<unknown> | Iterable<unknown> =
    typeof input === 'string' ? createReadStream(input, { highWaterMark: 256 * 1024 }) : input;
  for await (const chunk of source as AsyncIterable<unknown>) {
    if (typeof chunk === 'string') yield latin1Strings ? Buffer.from(chunk, 'latin1') : enc.encode(chunk);
    else if (chunk instanceof Uint8Array) yield chunk;
    else throw new TypeError('input chunk is not bytes or string');
  }
}
