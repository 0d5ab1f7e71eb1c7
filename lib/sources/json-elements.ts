// Streaming JSON for large array files (NDW's national OCPI locations file: about 200 MB unpacked): the elements
// of the first array in the document (the root array, or the `data` array of an OCPI envelope) are cut out of the
// chunks one at a time and parsed with JSON.parse; the document is never held as one string. Only object and
// array elements are handed over (scalars in that array are skipped).

/** The object elements of the first JSON array in a chunked document. Throws when the document holds no array or ends inside one. */
export async function* jsonArrayElements(chunks: AsyncIterable<string> | Iterable<string>): AsyncGenerator<unknown> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let elementDepth = -1; // depth of the array's contents, once the array is found
  let done = false;
  let parts: string[] = [];
  let collecting = false;
  for await (const chunk of chunks) {
    if (done) continue;
    let start = 0;
    const out: unknown[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92 /* \ */) escaped = true;
        else if (c === 34 /* " */) inString = false;
        continue;
      }
      if (c === 34) inString = true;
      else if (c === 123 /* { */ || c === 91 /* [ */) {
        if (c === 91 && elementDepth < 0) {
          depth++;
          elementDepth = depth;
          continue;
        }
        if (depth === elementDepth && !collecting) {
          collecting = true;
          start = i;
          parts = [];
        }
        depth++;
      } else if (c === 125 /* } */ || c === 93 /* ] */) {
        depth--;
        if (collecting && depth === elementDepth) {
          parts.push(chunk.slice(start, i + 1));
          out.push(JSON.parse(parts.join('')));
          parts = [];
          collecting = false;
        } else if (depth < elementDepth) {
          done = true;
          break;
        }
      }
    }
    if (collecting) {
      parts.push(chunk.slice(start));
      start = 0;
    }
    yield* out;
  }
  if (elementDepth < 0) throw new Error('no JSON array in the document');
  if (!done) throw new Error('document ends inside the array');
}
