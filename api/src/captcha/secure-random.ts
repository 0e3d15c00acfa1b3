import { randomFillSync } from 'node:crypto';

/** A uniform random number in [0, 1). */
export type Random = () => number;

/** Random numbers from the operating system's secure generator, drawn 4 KB at a time. */
export function secureRandom(): Random {
  const pool = new Uint32Array(1024);
  let next = pool.length;
  return () => {
    if (next === pool.length) {
      randomFillSync(pool);
      next = 0;
    }
    return pool[next++] / 2 ** 32;
  };
}

export function between(random: Random, low: number, high: number): number {
  return low + (high - low) * random();
}
