// Preloaded into an engine process (node --require) to run it on a wrong wall clock: Date.now() and
// `new Date()` answer the real time plus EINVOICE_TEST_CLOCK_SHIFT_MS (negative: behind). Dates built
// from a value, Date.parse and the monotonic clock (performance.now) are left as they are, as a
// computer whose clock is set wrong has them.
'use strict';
const shift = Number(process.env.EINVOICE_TEST_CLOCK_SHIFT_MS ?? 0);
if (shift && Number.isFinite(shift)) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const ShiftedDate = function ShiftedDate(...args) {
    if (!new.target) return new RealDate(realNow() + shift).toString();
    return args.length ? new RealDate(...args) : new RealDate(realNow() + shift);
  };
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = () => realNow() + shift;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  globalThis.Date = ShiftedDate;
}
