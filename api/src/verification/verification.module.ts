import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CalculationSession } from '../survey/calculation-session.entity.js';
import { SurveyAnswer } from '../survey/survey-answer.entity.js';
import { AccessGrant } from './access-grant.entity.js';
import { AccessGrantsService } from './access-grants.service.js';
import { SessionAccessService } from './session-access.service.js';
import { VerificationController } from './verification.controller.js';
import { VerificationService } from './verification.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([AccessGrant, CalculationSession, SurveyAnswer])],
  controllers: [VerificationController],
  providers: [AccessGrantsService, SessionAccessService, VerificationService],
  exports: [AccessGrantsService, SessionAccessService],
})
export class VerificationModule {}
