// Streaming byte → text decoding for register exports: BOM detection (UTF-8/UTF-16), explicit
// 'windows-1252' / 'iso-8859-1' / 'utf-8', or 'auto': stays undecided while the bytes are ASCII and picks
// UTF-8 at the first non-ASCII byte if it starts a valid UTF-8 sequence, else windows-1252.
// ISO-8859-1 is decoded as windows-1252 (WHATWG does the same): files labelled ISO-8859-1 in practice
// carry cp1252 characters such as € and curly quotes in 0x80–0x9F.

export type TextEncodingOption = 'auto' | 'utf-8' | 'windows-1252' | 'iso-8859-1';

export class StreamingTextDecoder {
  private decoder: TextDecoder | null = null;
  private first = true;
  private pending: Uint8Array | null = null; // up to 3 bytes held back while looking for a BOM
  /** The encoding actually used ('utf-8', 'windows-1252', 'utf-16le', ...), null while undecided. */
  encoding: string | null = null;
  bom = false;

  constructor(option: TextEncodingOption = 'auto') {
    if (option !== 'auto') this.use(option === 'iso-8859-1' ? 'windows-1252' : option);
  }

  private use(label: string): void {
    this.decoder = new TextDecoder(label, { ignoreBOM: true });
    this.encoding = this.decoder.encoding;
  }

  write(chunk: Uint8Array): string {
    let bytes = chunk;
    if (this.pending) {
      const merged = new Uint8Array(this.pending.length + chunk.length);
      merged.set(this.pending);
      merged.set(chunk, this.pending.length);
      bytes = merged;
      this.pending = null;
    }
    if (this.first) {
      if (bytes.length < 3) {
        this.pending = bytes;
        return '';
      }
      this.first = false;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
        this.bom = true;
        this.use('utf-8');
        bytes = bytes.subarray(3);
      } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
        this.bom = true;
        this.use('utf-16le');
        bytes = bytes.subarray(2);
      } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
        this.bom = true;
        this.use('utf-16be');
        bytes = bytes.subarray(2);
      }
    }
    if (this.decoder) return this.decoder.decode(bytes, { stream: true });
    // auto, still undecided: everything ASCII so far
    let i = 0;
    while (i < bytes.length && bytes[i] < 0x80) i++;
    if (i === bytes.length) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
    const head = Buffer.from(bytes.buffer, bytes.byteOffset, i).toString('latin1');
    const rest = bytes.subarray(i);
    let label = 'utf-8';
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(rest.subarray(0, Math.min(rest.length, 4096)), { stream: true });
    } catch {
      label = 'windows-1252';
    }
    this.use(label);
    return head + this.decoder!.decode(rest, { stream: true });
  }

  end(): string {
    let out = '';
    if (this.pending) {
      const p = this.pending;
      this.pending = null;
      this.first = false;
      if (p.length >= 2 && ((p[0] === 0xff && p[1] === 0xfe) || (p[0] === 0xfe && p[1] === 0xff))) {
        this.use(p[0] === 0xff ? 'utf-16le' : 'utf-16be');
        out = this.decoder!.decode(p.subarray(2), { stream: true });
      } else out = this.write(p);
    }
    if (this.decoder) out += this.decoder.decode();
    else this.encoding ??= 'ascii';
    return out;
  }
}
