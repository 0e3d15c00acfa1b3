import { AdviserAudit } from './adviser/adviser-audit.entity.js';
import { AccountSession } from './accounts/account-session.entity.js';
import { ClientRecord } from './accounts/client.entity.js';
import { Organisation } from './accounts/organisation.entity.js';
import { SignInLock } from './accounts/sign-in-lock.entity.js';
import { User } from './accounts/user.entity.js';
import { ApiKey, ApiKeyUsage } from './api-keys/api-key.entity.js';
import { AnalyticsEvent } from './analytics/analytics-event.entity.js';
import { CaseloadRun, CaseloadRunBenefit, CaseloadRunClient } from './caseload/caseload-run.entity.js';
import { CaptchaChallenge } from './captcha/captcha-challenge.entity.js';
import { ClientErrorReport } from './client-errors/client-error-report.entity.js';
import { CouncilTaxAddress } from './lookup/council-tax-address.entity.js';
import { PostcodeLocation } from './lookup/postcode-location.entity.js';
import { PostcodeBrma } from './lookup/postcode-brma.entity.js';
import { PolicyAuditEvent, PolicyChangeSet } from './policy/policy-change-set.entity.js';
import { RateLimitCounter } from './rate-limit/rate-limit-counter.entity.js';
import { ResultFeedback } from './results/result-feedback.entity.js';
import { CalculationSession } from './calculations/calculation-session.entity.js';
import { AccessGrant } from './access/access-grant.entity.js';
import { SigningKey } from './site/signing-key.entity.js';
import { PartnerRegistration } from './partners/partner-registration.entity.js';

/** Every table's entity. Listed once, for the app and the migration CLI alike. */
export const ENTITIES = [
  CalculationSession,
  ClientErrorReport,
  AccessGrant,
  AnalyticsEvent,
  RateLimitCounter,
  PostcodeLocation,
  PostcodeBrma,
  CouncilTaxAddress,
  ResultFeedback,
  CaptchaChallenge,
  Organisation,
  User,
  AccountSession,
  ClientRecord,
  AdviserAudit,
  SignInLock,
  CaseloadRun,
  CaseloadRunClient,
  CaseloadRunBenefit,
  PolicyChangeSet,
  PolicyAuditEvent,
  ApiKey,
  ApiKeyUsage,
  SigningKey,
  PartnerRegistration,
];
