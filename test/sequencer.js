// The order Jest starts test files in. With no timings kept from an earlier run (a fresh clone, as in CI), Jest's
// own order is by file size, which can leave a long test (the 10,000-household differential, a few minutes) to start
// last and run alone while the other worker idles. Here the slow tiers start first and the quick ones fill in at the
// end; within a tier, and whenever Jest has timings, its own order stands (failed first, then slowest first).
import Sequencer from '@jest/test-sequencer';

/** The tiers (jest.config.js's projects) from the slowest file to the quickest. */
const SLOWEST_FIRST = ['properties', 'browser', 'api-e2e', 'integration', 'tools', 'unit', 'web'];

export default class SlowTiersFirst extends Sequencer {
  sort(tests) {
    const jestOrder = super.sort(tests);
    // Jest's timings say more than the tier: keep its order when it has them for most files.
    const timed = jestOrder.filter((test) => test.duration != null).length;
    if (timed > jestOrder.length / 2) return jestOrder;
    const rank = (test) => {
      const index = SLOWEST_FIRST.indexOf(test.context.config.displayName?.name);
      return index === -1 ? SLOWEST_FIRST.length : index;
    };
    const position = new Map(jestOrder.map((test, index) => [test, index]));
    return [...jestOrder].sort((a, b) => rank(a) - rank(b) || position.get(a) - position.get(b));
  }
}
