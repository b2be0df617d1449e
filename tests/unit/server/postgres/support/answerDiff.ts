/**
 * Comparing two back ends' JSON answers (postgres/engineEquivalence.test.ts): the paths at which they differ, with the
 * ids each back end generated for what a test created mapped from one to the other first.
 */

/** A small deterministic PRNG (mulberry32): the same requests on every run. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The ids the second back end generated, by the first's id for the same thing. */
export class GeneratedIds {
  private readonly firstBySecond = new Map<string, string>();

  /** `seeded`: ids of the seeded workspace; one of them where the other back end has another id is a real difference. */
  constructor(private readonly seeded: ReadonlySet<string>) {}

  /** Records that the second back end's `second` is the first's `first`. */
  set(second: string, first: string): void {
    this.firstBySecond.set(second, first);
  }

  /** The second back end's id for the first's `first`. */
  secondOf(first: string): string {
    for (const [second, id] of this.firstBySecond) if (id === first) return second;
    return '';
  }

  /** The second back end's answer with its generated ids replaced by the first's for the same things. */
  unmap(value: unknown): unknown {
    if (typeof value === 'string') return this.firstBySecond.get(value) ?? value;
    if (Array.isArray(value)) return value.map((item) => this.unmap(item));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.unmap(item)]));
    return value;
  }

  /**
   * After a write: the ids each back end generated for what it created (differing `_id`/`id` values at the same place,
   * neither of them an id of the seeded workspace).
   */
  learn(a: unknown, b: unknown): void {
    if (Array.isArray(a) && Array.isArray(b)) a.forEach((item, i) => this.learn(item, b[i]));
    else if (a && b && typeof a === 'object' && typeof b === 'object') {
      for (const [key, item] of Object.entries(a)) {
        const other = (b as Record<string, unknown>)[key];
        const generated = typeof item === 'string' && typeof other === 'string' && item !== other && !this.seeded.has(item) && !this.seeded.has(other);
        if ((key === '_id' || key === 'id') && generated) this.firstBySecond.set(other, item);
        else this.learn(item, other);
      }
    }
  }
}

/**
 * Whether two numbers are the same. Exact, but for one tolerance: sums and means of REAL columns could round
 * differently in their last bits when the engines add in another order; such a near miss is pushed to `nearMisses`
 * (with where) to be reported, not failed.
 */
function sameNumber(a: number, b: number, where: string, nearMisses: string[]): boolean {
  if (Object.is(a, b)) return true;
  if (Number.isInteger(a) && Number.isInteger(b)) return false;
  const close = Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  if (close) nearMisses.push(`${where}: ${a} vs ${b}`);
  return close;
}

/** Pushes to `found` the paths at which two answers differ (at most a few per answer). */
export function differences(a: unknown, b: unknown, path: string, found: string[], nearMisses: string[]): void {
  if (found.length >= 5) return;
  if (typeof a === 'string' && typeof b === 'string') {
    if (a !== b) found.push(`${path}: ${JSON.stringify(a).slice(0, 200)} vs ${JSON.stringify(b).slice(0, 200)}`);
    return;
  }
  if (typeof a === 'number' && typeof b === 'number') {
    if (!sameNumber(a, b, path, nearMisses)) found.push(`${path}: ${a} vs ${b}`);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) found.push(`${path}: ${a.length} items vs ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) differences(a[i], b[i], `${path}[${i}]`, found, nearMisses);
    return;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`, found, nearMisses);
    return;
  }
  if (a !== b) found.push(`${path}: ${JSON.stringify(a)?.slice(0, 200)} vs ${JSON.stringify(b)?.slice(0, 200)}`);
}
