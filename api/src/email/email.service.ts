import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createHash } from 'node:crypto';
import { CALCULATION_EMAIL_MESSAGES, emailSentMessage } from '../../../common/email/calculation-email.js';
import type { SiteConfig } from '../../../common/site.js';
import { CaptchaService } from '../captcha/captcha.service.js';
import type { Environment } from '../config/environment.js';
import { ApiError } from '../errors/api-error.js';
import { JsonLogger } from '../logging/json-logger.js';
import { RateLimiter, type RateLimit } from '../rate-limit/rate-limiter.js';
import { ResultsService } from '../results/results.service.js';
import { SITE_CONFIG } from '../site/site.module.js';
import { CalculationsService } from '../calculations/calculations.service.js';
import type { Caller } from '../access/caller.js';
import { calculationEmailMessage, calculationLink } from './calculation-email-message.js';
import { plainRecipientAddress } from './email-address.js';
import type { CalculationEmailRequest, CalculationEmailResponse } from './email.dto.js';
import { Mailer } from './mailer.js';

/** Tries per calculation, right or wrong: each try uses a security code, so this also caps guessing. */
export const EMAILS_PER_CALCULATION: RateLimit = { purpose: 'email-per-calculation', attempts: 5, windowSeconds: 3600 };
/** E-mails to one address (counted on its canonical form), from any calculation: the form cannot flood an inbox. */
export const EMAILS_PER_ADDRESS: RateLimit = { purpose: 'email-per-address', attempts: 3, windowSeconds: 3600 };
/** Tries from one network (IPv4 address or IPv6 /64), right or wrong, for any calculation: EMAILS_PER_HOUR_PER_SENDER. */
export const EMAILS_PER_SENDER_PURPOSE = 'email-per-sender';
/** E-mails the whole service sends, whoever asks: EMAILS_PER_HOUR. One counter for everyone. */
export const EMAILS_OVERALL_PURPOSE = 'email-overall';
const HOUR_SECONDS = 3600;

export const TOO_MANY_EMAILS_FOR_CALCULATION =
  'This calculation has been sent too many times in the last hour. Please wait an hour and try again.';
export const TOO_MANY_EMAILS_TO_ADDRESS =
  'Too many e-mails have been sent to this address in the last hour. Please wait an hour and try again.';
export const TOO_MANY_EMAILS_FROM_SENDER =
  'Too many e-mails have been asked for from your network in the last hour. Please wait an hour and try again, or write down your calculation reference.';
export const TOO_MANY_EMAILS_OVERALL =
  'We are sending too many e-mails just now. Please try again in an hour, or write down your calculation reference.';
export const EMAIL_NOT_SENT = 'We could not send the e-mail just now. Please try again later, or write down your calculation reference.';
export const CALCULATION_NOT_FINISHED =
  'This calculation is not finished, so there are no results to e-mail yet. Answer the rest of the questions, then try again.';
export const RESULTS_NOT_READY =
  'Some answers need changing or giving before the results can be worked out, so there are no results to e-mail yet. Change them, then try again.';

/** Counted by a hash: the rate-limit table never holds an address. */
function addressKey(limitKey: string): string {
  return createHash('sha256').update(limitKey).digest('hex');
}

/**
 * E-mailing the link to a calculation. Who may: the
 * browser that may open the calculation. The e-mail holds the link and reference only.
 */
@Injectable()
export class EmailService {
  private readonly perSender: RateLimit;
  private readonly overall: RateLimit;

  constructor(
    private readonly config: ConfigService<Environment, true>,
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
    private readonly calculations: CalculationsService,
    private readonly captcha: CaptchaService,
    private readonly rateLimiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly logger: JsonLogger,
    private readonly results: ResultsService,
  ) {
    this.perSender = {
      purpose: EMAILS_PER_SENDER_PURPOSE,
      attempts: config.get('EMAILS_PER_HOUR_PER_SENDER', { infer: true }),
      windowSeconds: HOUR_SECONDS,
    };
    this.overall = {
      purpose: EMAILS_OVERALL_PURPOSE,
      attempts: config.get('EMAILS_PER_HOUR', { infer: true }),
      windowSeconds: HOUR_SECONDS,
    };
  }

  /**
   * In this order: the calculation (404), the caller's right to it (403), its results (409: an unfinished calculation
   * has nothing to send), the tries from the caller's network and for the calculation (429), the security code
   * (used up by the try), then the e-mails to the address and from the whole service (429). The address itself was
   * checked by the request's validation: one plain address (email-address.ts).
   */
  async sendCalculationLink(request: CalculationEmailRequest, caller: Caller): Promise<CalculationEmailResponse> {
    const recipient = plainRecipientAddress(request.email);
    if (!recipient) throw ApiError.validation([{ path: 'email', message: CALCULATION_EMAIL_MESSAGES.emailInvalid }]);
    const calculation = await this.calculations.open(request.session, caller);
    const readiness = await this.results.readinessOf(calculation);
    if (readiness === 'not-finished')
      throw new ApiError(409, 'CALCULATION_NOT_FINISHED', CALCULATION_NOT_FINISHED, [
        { path: 'session', message: CALCULATION_NOT_FINISHED },
      ]);
    if (readiness === 'needs-answers')
      throw new ApiError(409, 'RESULTS_NOT_READY', RESULTS_NOT_READY, [{ path: 'session', message: RESULTS_NOT_READY }]);

    await this.hitOrRefuse(this.perSender, caller.address, TOO_MANY_EMAILS_FROM_SENDER);
    await this.hitOrRefuse(EMAILS_PER_CALCULATION, calculation.session.id, TOO_MANY_EMAILS_FOR_CALCULATION);
    if (!(await this.captcha.verify(calculation.session.id, request.challenge))) {
      return { valid: false, message: CALCULATION_EMAIL_MESSAGES.challengeWrong };
    }
    await this.hitOrRefuse(EMAILS_PER_ADDRESS, addressKey(recipient.limitKey), TOO_MANY_EMAILS_TO_ADDRESS);
    await this.hitOrRefuse(this.overall, 'everyone', TOO_MANY_EMAILS_OVERALL);
    const address = recipient.address;

    const link = calculationLink(this.publicUrl(), calculation.session.id);
    const message = calculationEmailMessage({ link, reference: calculation.session.reference, senderName: this.site.charity.name });
    try {
      await this.mailer.send({ from: this.config.get('MAIL_FROM', { infer: true }), to: address, ...message });
    } catch (error) {
      // A mail server's error text can quote the address, so only its codes are logged.
      const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
      this.logger.event('warn', 'e-mail not sent', {
        code: typeof code === 'string' ? code : null,
        responseCode: typeof responseCode === 'number' ? responseCode : null,
      });
      return { valid: false, message: EMAIL_NOT_SENT };
    }
    return { valid: true, message: emailSentMessage(address) };
  }

  private publicUrl(): string {
    return this.config.get('PUBLIC_URL', { infer: true }) ?? `http://localhost:${this.config.get('PORT', { infer: true })}`;
  }

  /**
   * The rate limiter's 429, with a message that says what was limited and Retry-After: the limiter's own when it
   * gives one, else the whole window, the most there is to wait (the messages say 'wait an hour').
   */
  private async hitOrRefuse(limit: RateLimit, key: string, message: string): Promise<void> {
    try {
      await this.rateLimiter.hit(limit, key);
    } catch (error) {
      if (error instanceof ApiError && error.getStatus() === 429)
        throw ApiError.tooManyRequests('TOO_MANY_EMAILS', message, error.retryAfterSeconds ?? limit.windowSeconds);
      throw error;
    }
  }
}
