import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { CaptchaModule } from '../captcha/captcha.module.js';
import type { Environment } from '../config/environment.js';
import { JsonLogger } from '../logging/json-logger.js';
import { ResultsModule } from '../results/results.module.js';
import { CalculationsModule } from '../calculations/calculations.module.js';
import { EmailController } from './email.controller.js';
import { EmailService } from './email.service.js';
import { Mailer, OutboxMailer, SmtpMailer } from './mailer.js';

/** The mail driver, chosen by configuration: SMTP when SMTP_URL is set, otherwise .eml files in the outbox. */
function mailerFor(config: ConfigService<Environment, true>, logger: JsonLogger): Mailer {
  const smtpUrl = config.get('SMTP_URL', { infer: true });
  return smtpUrl ? new SmtpMailer(smtpUrl, logger) : new OutboxMailer(config.get('DATA_DIR', { infer: true }), logger);
}

@Module({
  imports: [CalculationsModule, CaptchaModule, ResultsModule],
  controllers: [EmailController],
  providers: [{ provide: Mailer, inject: [ConfigService, JsonLogger], useFactory: mailerFor }, EmailService],
  exports: [EmailService],
})
export class EmailModule {}
