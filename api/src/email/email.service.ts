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
import { SITE_CONFIG } from '../site/site.module.js';
import { SurveyService } from '../survey/survey.service.js';
import type { Caller } from '../verification/caller.js';
import { SessionAccessService } from '../verification/session-access.service.js';
import { calculationEmailMessage, calculationLink } from './calculation-email-message.js';
import type { CalculationEmailRequest, CalculationEmailResponse } from './email.dto.js';
import { Mailer } from './mailer.js';

/** Tries per calculation, right or wrong: each try uses a security code, so this also caps guessing. */
export const EMAILS_PER_CALCULATION = { purpose: 'email-per-calculation', attempts: 5, windowSeconds: 3600 };
/** E-mails to one address, from any calculation: the form cannot be used to flood someone's inbox. */
export const EMAILS_PER_ADDRESS = { purpose: 'email-per-address', attempts: 3, windowSeconds: 3600 };

export const TOO_MANY_EMAILS_FOR_CALCULATION = 'This calculation has been sent too many times in the last hour. Please wait an hour and try again.';
export const TOO_MANY_EMAILS_TO_ADDRESS = 'Too many e-mails have been sent to this address in the last hour. Please wait an hour and try again.';
export const EMAIL_NOT_SENT = 'We could not send the e-mail just now. Please try again later, or write down your calculation reference.';

/** Counted by a hash: the rate-limit table never holds an address. */
function addressKey(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('hex');
}

/**
 * E-mailing the link to a calculation (spec 001 §2 'Print or save section', §4 'E-mail send', §7). Who may: the
 * browser that may open the calculation. The e-mail holds the link and reference only.
 */
@Injectable()
export class EmailService {
  constructor(
    private readonly config: ConfigService<Environment, true>,
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
    private readonly survey: SurveyService,
    private readonly access: SessionAccessService,
    private readonly captcha: CaptchaService,
    private readonly rateLimiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly logger: JsonLogger,
  ) {}

  async sendCalculationLink(request: CalculationEmailRequest, caller: Caller): Promise<CalculationEmailResponse> {
    const calculation = await this.survey.findCalculation(request.session);
    if (!calculation) {
      throw new ApiError(404, 'CALCULATION_NOT_FOUND', 'This calculation was not found. Calculations older than 6 months need a new calculation.', [
        { path: 'session', message: 'This calculation was not found.' },
      ]);
    }
    await this.access.ensureCanOpen(calculation.session, caller);
    await this.hitOrRefuse(EMAILS_PER_CALCULATION, calculation.session.id, TOO_MANY_EMAILS_FOR_CALCULATION);

    if (!(await this.captcha.verify(calculation.session.id, request.challenge))) {
      return { valid: false, message: CALCULATION_EMAIL_MESSAGES.challengeWrong };
    }
    const address = request.email.trim();
    await this.hitOrRefuse(EMAILS_PER_ADDRESS, addressKey(address), TOO_MANY_EMAILS_TO_ADDRESS);

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

  /** The rate limiter's 429, with a message that says what was limited. */
  private async hitOrRefuse(limit: RateLimit, key: string, message: string): Promise<void> {
    try {
      await this.rateLimiter.hit(limit, key);
    } catch (error) {
      if (error instanceof ApiError && error.getStatus() === 429) throw new ApiError(429, 'TOO_MANY_EMAILS', message);
      throw error;
    }
  }
}
