import type { BenefitCalculator } from '../core/benefit.js';
import { attendanceAllowance } from './attendance-allowance.js';
import { bestStartGrant } from './best-start-grant.js';
import { carersAllowance } from './carers-allowance.js';
import { childBenefit } from './child-benefit.js';
import { councilTaxReduction } from './council-tax-reduction.js';
import { dla } from './dla.js';
import { funeralExpensesPayment } from './funeral-expenses-payment.js';
import { housingBenefit } from './housing-benefit.js';
import { lonePensionerAllowance } from './lone-pensioner-allowance.js';
import { newStyleEsa } from './new-style-esa.js';
import { newStyleJsa } from './new-style-jsa.js';
import { pensionCredit } from './pension-credit.js';
import { pip } from './pip.js';
import { rateRebate } from './rate-rebate.js';
import { rateRelief } from './rate-relief.js';
import { scottishChildPayment } from './scottish-child-payment.js';
import { sureStartMaternityGrant } from './sure-start-maternity-grant.js';
import { universalCredit } from './universal-credit/index.js';
import { welfareSupplementaryPayment } from './welfare-supplementary-payment.js';
import { winterFuelPayment } from './winter-fuel-payment.js';

/** Every benefit the engine works out; the engine orders them as BENEFIT_CODES lists them. */
export const BENEFIT_CALCULATORS: readonly BenefitCalculator[] = [
  childBenefit,
  carersAllowance,
  pip,
  dla,
  attendanceAllowance,
  newStyleJsa,
  newStyleEsa,
  universalCredit,
  scottishChildPayment,
  welfareSupplementaryPayment,
  pensionCredit,
  housingBenefit,
  winterFuelPayment,
  councilTaxReduction,
  rateRebate,
  rateRelief,
  lonePensionerAllowance,
  sureStartMaternityGrant,
  bestStartGrant,
  funeralExpensesPayment,
];
