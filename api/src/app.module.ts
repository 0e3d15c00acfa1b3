import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access/access.js';
import { ApiKeyGuard } from './api-keys/api-key.guard.js';
import { ApiKeysModule } from './api-keys/api-keys.module.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { AccuracyModule } from './accuracy/accuracy.module.js';
import { AdviserModule } from './adviser/adviser.module.js';
import { CalculationModule } from './calculation/calculation.module.js';
import { CaseloadModule } from './caseload/caseload.module.js';
import { ManagementInformationModule } from './management-information/management-information.module.js';
import { CaptchaModule } from './captcha/captcha.module.js';
import { ClientErrorsModule } from './client-errors/client-errors.module.js';
import { validateEnvironment } from './config/environment.js';
import { DatabaseModule } from './database/database.module.js';
import { dataSourceOptions } from './data-source-options.js';
import { DocumentsModule } from './documents/documents.module.js';
import { EmailModule } from './email/email.module.js';
import { HealthModule } from './health/health.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import type { JsonLogger } from './logging/json-logger.js';
import { LoggingModule } from './logging/logging.module.js';
import { LookupModule } from './lookup/lookup.module.js';
import { RateLimitGuard } from './rate-limit/rate-limit.guard.js';
import { PolicyModule } from './policy/policy.module.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';
import { ResultsModule } from './results/results.module.js';
import { RetentionModule } from './retention/retention.module.js';
import { SiteModule } from './site/site.module.js';
import { PartnersModule } from './partners/partners.module.js';
import { SurveyModule } from './survey/survey.module.js';
import { VerificationModule } from './verification/verification.module.js';

@Module({})
export class AppModule {
  /** Reads and validates the configuration first, so a bad variable stops the start with its message. */
  static async forRoot(logger: JsonLogger): Promise<DynamicModule> {
    return {
      module: AppModule,
      imports: [
        await ConfigModule.forRoot({
          isGlobal: true,
          cache: true,
          // Tests set their own variables; a developer's .env must not leak into them.
          ignoreEnvFile: process.env.NODE_ENV === 'test',
          validate: validateEnvironment,
        }),
        LoggingModule.forRoot(logger),
        DatabaseModule.forRoot(dataSourceOptions),
        JobsModule,
        SiteModule,
        HealthModule,
        ClientErrorsModule,
        LookupModule,
        RateLimitModule,
        VerificationModule,
        SurveyModule,
        AccountsModule,
        AdviserModule,
        CalculationModule,
        ResultsModule,
        DocumentsModule,
        CaptchaModule,
        EmailModule,
        RetentionModule,
        AccuracyModule,
        CaseloadModule,
        ManagementInformationModule,
        PolicyModule,
        ApiKeysModule,
        PartnersModule,
      ],
      // In this order: a request over a rate limit is refused before anything else is asked of the database; a
      // calculation API call with a key is counted against the key (ApiKeyGuard) rather than its address.
      providers: [
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_GUARD, useClass: ApiKeyGuard },
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
    };
  }
}
