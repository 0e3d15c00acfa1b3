// The seeded generator lives in the engine now (the policy impact's sample needs it); tests keep this path.
export { seededRandom } from '../../engine/policy/seeded-random.js';
