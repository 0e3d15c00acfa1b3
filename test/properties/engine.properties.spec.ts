/**
 * The `properties` tier: the engine's properties (test/support/engine-properties-spec.ts) over 10,000 seeded random
 * valid households. `npm test` (so CI) and `npm run bench` run it; the unit tier runs the same checks over a few
 * hundred (engine/core/properties.spec.ts).
 */
import { describeEngineProperties } from '../support/engine-properties-spec.js';

describeEngineProperties(10_000);
