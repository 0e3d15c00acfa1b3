import type { BenefitCalculator } from '../engine/benefit.js';
import { childBenefit } from './child-benefit.js';

/** Every benefit the engine works out; the engine orders them as BENEFIT_CODES lists them. */
export const BENEFIT_CALCULATORS: readonly BenefitCalculator[] = [childBenefit];
