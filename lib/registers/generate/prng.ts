// Seeded pseudo-random numbers for the register generator. sfc32 (small, fast, passes PractRand) seeded
// through a string hash, so every record derives its own independent stream from (seed, kind, index):
// a record's content never depends on how many random numbers earlier records used, which keeps the
// output byte-identical across runs and lets any record be (re)built on demand without holding the
// whole universe in memory.

/** 32-bit FNV-1a followed by a murmur3 finaliser: a well-mixed hash of a string. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(a: number, b: number, c: number, d: number) {
    this.a = a | 0;
    this.b = b | 0;
    this.c = c | 0;
    this.d = d | 0;
    // sfc32 needs a few rounds before weak seeds are mixed in
    for (let i = 0; i < 12; i++) this.next32();
  }

  /** Uniform 32-bit unsigned integer. */
  next32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next32() / 4294967296;
  }

  /** Uniform integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)];
  }

  /** Picks by weight: items are [value, weight] pairs. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.float() * total;
    for (const [v, w] of items) {
      r -= w;
      if (r < 0) return v;
    }
    return items[items.length - 1][0];
  }

  /** k distinct items (k ≤ items.length), in pick order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const pool = items.slice();
    const out: T[] = [];
    for (let i = 0; i < k && pool.length; i++) out.push(pool.splice(Math.floor(this.float() * pool.length), 1)[0]);
    return out;
  }

  /** String of n characters from the alphabet. */
  chars(alphabet: string, n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.float() * alphabet.length)];
    return s;
  }
}

/** The independent stream of one record: (seed, kind, index) → Rng. */
export function rngFor(seed: number, kind: string, index = 0): Rng {
  return new Rng(hash32(`${seed}|${kind}|${index}`), hash32(`${kind}#${index}`), seed >>> 0, (index * 2654435761) >>> 0);
}

/**
 * A bijection of [0, modulus) (modulus prime): x → (a·x + b) mod modulus, with a and b from the seed.
 * Used to hand out unique identifiers (KvK numbers, RSINs, licence numbers) that look random.
 */
export function permutation(seed: number, kind: string, modulus: number): (x: number) => number {
  const r = rngFor(seed, `perm:${kind}`);
  const a = BigInt(r.int(1, modulus - 1));
  const b = BigInt(r.int(0, modulus - 1));
  const m = BigInt(modulus);
  return (x: number) => Number((a * BigInt(x) + b) % m);
}
