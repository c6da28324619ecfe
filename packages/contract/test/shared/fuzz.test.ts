import { describe, expect, it } from 'vitest';
import { ALL_CALLS } from '../../src';
import { deeplyNested, fuzzData, hostileData, malformedBodies, seededRng, validShaped } from '../../src/shared/fuzz';

// Each case walks every call of the contract (about 300): seconds of CPU on a loaded machine, so more than vitest's 5 s.
describe('fuzz generator', { timeout: 30_000 }, () => {
  it('is repeatable: the same seed gives the same data', () => {
    const a = ALL_CALLS.map((c) => JSON.stringify(fuzzData(c.data, seededRng(7), { valid: 1, hostile: 2 })));
    const b = ALL_CALLS.map((c) => JSON.stringify(fuzzData(c.data, seededRng(7), { valid: 1, hostile: 2 })));
    expect(a).toEqual(b);
  });

  it('gives data of the right shape: most calls accept some of it', () => {
    const rng = seededRng(1);
    const accepted = ALL_CALLS.filter((c) =>
      Array.from({ length: 8 }, () => validShaped(c.data, rng)).some((d) => c.data.safeParse(d ?? {}).success),
    );
    expect(accepted.length / ALL_CALLS.length).toBeGreaterThan(0.6);
  });

  it('gives hostile data that the schemas mostly refuse', () => {
    const rng = seededRng(2);
    let refused = 0;
    let total = 0;
    for (const c of ALL_CALLS) {
      for (let i = 0; i < 5; i++) {
        total++;
        if (!c.data.safeParse(hostileData(c.data, rng)).success) refused++;
      }
    }
    expect(refused / total).toBeGreaterThan(0.8);
  });

  it('builds deep values without recursion and names each malformed body', () => {
    let v = deeplyNested(10_000) as unknown[];
    let depth = 0;
    while (Array.isArray(v)) {
      v = v[0] as unknown[];
      depth++;
    }
    expect(depth).toBe(10_000);
    const bodies = malformedBodies({ ver: '1.0', time: 1, id: 'x', nonce: 1, token: '', sign: '0'.repeat(64) });
    expect(new Set(bodies.map((b) => b.name)).size).toBe(bodies.length);
  });
});
