/** A small seeded PRNG (mulberry32) so the demo data is the same on every first start. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }

  /** Picks by weight: entries are [value, weight]. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [v, w] of entries) {
      r -= w;
      if (r < 0) {
        return v;
      }
    }
    return entries[entries.length - 1][0];
  }

  /** k distinct items (k is capped at the list length). */
  sample<T>(list: readonly T[], k: number): T[] {
    const copy = list.slice();
    const n = Math.min(k, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  }

  /** Roughly normal (sum of uniforms), mean 0 and deviation 1. */
  gauss(): number {
    return this.next() + this.next() + this.next() + this.next() + this.next() + this.next() - 3;
  }

  /** Skewed index in [0, n): low indexes come up far more often (popular users, hot hosts). */
  skewed(n: number, power = 2.2): number {
    return Math.min(n - 1, Math.floor(this.next() ** power * n));
  }

  /** Random letters and digits, like payment-provider ids. */
  token(length: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'): string {
    let s = '';
    for (let i = 0; i < length; i++) {
      s += alphabet[Math.floor(this.next() * alphabet.length)];
    }
    return s;
  }
}
