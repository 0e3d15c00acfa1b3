// The generator lives in the engine now (the policy impact's sample is made with it); tests keep this path.
export { randomHousehold, randomHouseholds, type RandomHousehold } from '../../engine/policy/sample-households.js';
