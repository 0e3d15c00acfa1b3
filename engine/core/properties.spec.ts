/**
 * Properties over a few hundred random valid households, in the unit tier: the engine never throws, never gives
 * NaN, fractional pence or a negative award, keeps weekly and monthly figures consistent and explains every figure;
 * more net earnings never raise Universal Credit; more capital never raises any means-tested award (Pension
 * Credit's savings credit, which the law designed to reward savings, aside). The same properties over 10,000
 * households are the `properties` tier (test/properties/engine.properties.spec.ts), which `npm test` and
 * `npm run bench` run.
 */
import { describeEngineProperties } from '../../test/support/engine-properties-spec.js';

describeEngineProperties(300);
