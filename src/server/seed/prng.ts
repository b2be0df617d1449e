/** A small deterministic random source (mulberry32) with the helpers the seed needs. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A new independent stream derived from this seed and a label, so adding draws in one area leaves others unchanged. */
  static derive(seed: number, label: string): Prng {
    let h = (seed ^ 0x9e3779b9) >>> 0;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
    return new Prng(h);
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Up to n distinct elements, in list order of drawing. */
  sample<T>(items: readonly T[], n: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < n && pool.length > 0) {
      const [item] = pool.splice(Math.floor(this.next() * pool.length), 1);
      if (item !== undefined) out.push(item);
    }
    return out;
  }

  /** Index drawn by relative weights. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** A 24-hex id in the style of the original back end's object ids. */
  hexId(): string {
    let out = '';
    for (let i = 0; i < 3; i++) out += Math.floor(this.next() * 0x100000000).toString(16).padStart(8, '0');
    return out;
  }

  /** A string of `length` characters from `alphabet`. */
  token(length: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)] ?? 'x';
    return out;
  }

  /** Shares summing to 1 (three decimals) over the given keys, skewed by random weights. */
  shares(keys: readonly string[], skew = 2): Record<string, number> {
    const raw = keys.map(() => Math.pow(this.next(), skew) + 0.01);
    const total = raw.reduce((a, b) => a + b, 0);
    const out: Record<string, number> = {};
    let left = 1000;
    keys.forEach((key, i) => {
      const share = i === keys.length - 1 ? left : Math.round(((raw[i] ?? 0) / total) * 1000);
      left -= share;
      out[key] = Math.max(0, share) / 1000;
    });
    return out;
  }
}
