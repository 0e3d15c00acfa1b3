import { CreateCalculationSessionsAndClientErrorReports1795262400000 } from './1795262400000-CreateCalculationSessionsAndClientErrorReports.js';
import { CreateSurveyAnswersAccessGrantsAndAnalytics1795348800000 } from './1795348800000-CreateSurveyAnswersAccessGrantsAndAnalytics.js';
import { CreatePostcodesAndCouncilTaxAddresses1795356000000 } from './1795356000000-CreatePostcodesAndCouncilTaxAddresses.js';
import { CreateResultFeedback1795442400000 } from './1795442400000-CreateResultFeedback.js';
import { CreateCaptchaChallenges1795446000000 } from './1795446000000-CreateCaptchaChallenges.js';
import { CreateAccounts1795449600000 } from './1795449600000-CreateAccounts.js';
import { CreateAdviserCalculations1795453200000 } from './1795453200000-CreateAdviserCalculations.js';
import { CreatePostcodeBrmas1795600000000 } from './1795600000000-CreatePostcodeBrmas.js';
import { SignInLocksPerAccountAndNetwork1795720000000 } from './1795720000000-SignInLocksPerAccountAndNetwork.js';
import { RateLimitCountersExpireOnTheirOwn1795730000000 } from './1795730000000-RateLimitCountersExpireOnTheirOwn.js';
import { CreateCaseloadRuns1795800000000 } from './1795800000000-CreateCaseloadRuns.js';

import { CreatePolicyChangeSets1795900000000 } from './1795900000000-CreatePolicyChangeSets.js';
import { CreateApiKeys1796000000000 } from './1796000000000-CreateApiKeys.js';
import { LinkOrganisationsToPartners1796100000000 } from './1796100000000-LinkOrganisationsToPartners.js';
import { CreateSigningKeys1796210000000 } from './1796210000000-CreateSigningKeys.js';
import { ApiKeyLevelsPerOrganisation1796220000000 } from './1796220000000-ApiKeyLevelsPerOrganisation.js';
import { PolicyFourEyesAndFaults1796230000000 } from './1796230000000-PolicyFourEyesAndFaults.js';
import { AggregatesUnderDisclosureControl1796240000000 } from './1796240000000-AggregatesUnderDisclosureControl.js';
import { CalculationVersions1796250000000 } from './1796250000000-CalculationVersions.js';
import { CalculationVersionOnEveryChange1796260000000 } from './1796260000000-CalculationVersionOnEveryChange.js';
import { CaseloadRunRulesVersion1796270000000 } from './1796270000000-CaseloadRunRulesVersion.js';
import { CaseloadAmountNotKnown1796280000000 } from './1796280000000-CaseloadAmountNotKnown.js';
import { CaseloadRunChangeSet1796290000000 } from './1796290000000-CaseloadRunChangeSet.js';
import { AnswersWithTheirCalculation1796300000000 } from './1796300000000-AnswersWithTheirCalculation.js';
import { PartnerRegistrations1796310000000 } from './1796310000000-PartnerRegistrations.js';
/** Every migration, oldest first. Listed rather than found by a file pattern, so tests and the build agree. */
export const MIGRATIONS = [
  CreateCalculationSessionsAndClientErrorReports1795262400000,
  CreateSurveyAnswersAccessGrantsAndAnalytics1795348800000,
  CreatePostcodesAndCouncilTaxAddresses1795356000000,
  CreateResultFeedback1795442400000,
  CreateCaptchaChallenges1795446000000,
  CreateAccounts1795449600000,
  CreateAdviserCalculations1795453200000,
  CreatePostcodeBrmas1795600000000,
  SignInLocksPerAccountAndNetwork1795720000000,
  RateLimitCountersExpireOnTheirOwn1795730000000,
  CreateCaseloadRuns1795800000000,
  CreatePolicyChangeSets1795900000000,
  CreateApiKeys1796000000000,
  LinkOrganisationsToPartners1796100000000,
  CreateSigningKeys1796210000000,
  ApiKeyLevelsPerOrganisation1796220000000,
  PolicyFourEyesAndFaults1796230000000,
  AggregatesUnderDisclosureControl1796240000000,
  CalculationVersions1796250000000,
  CalculationVersionOnEveryChange1796260000000,
  CaseloadRunRulesVersion1796270000000,
  CaseloadAmountNotKnown1796280000000,
  CaseloadRunChangeSet1796290000000,
  AnswersWithTheirCalculation1796300000000,
  PartnerRegistrations1796310000000,
];
