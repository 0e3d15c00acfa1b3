// Test only: started with `node --import ./test/support/clock.mjs`, a process whose TEST_CLOCK is an ISO moment
// (2027-04-12T10:00:00Z) sees the clock start there and run on from it: `new Date()` and `Date.now()` are shifted,
// everything else about dates is Node's own. The browser tests use it to run the built server after the last date
// the rates held cover, as it will run on 1 April, without changing the machine's clock. PostgreSQL's now() is not
// shifted: keep the shift shorter than the calculation lifetime (6 months).
const start = process.env.TEST_CLOCK;
if (start) {
  const RealDate = Date;
  const offset = RealDate.parse(start) - RealDate.now();
  if (Number.isNaN(offset)) throw new Error(`TEST_CLOCK must be an ISO moment, not ${start}`);
  class ShiftedDate extends RealDate {
    constructor(...parts) {
      if (parts.length === 0) super(RealDate.now() + offset);
      else super(...parts);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
