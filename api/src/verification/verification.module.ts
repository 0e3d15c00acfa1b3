import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CalculationSession } from '../calculations/calculation-session.entity.js';
import { CalculationsModule } from '../calculations/calculations.module.js';
import { SurveyAnswer } from '../calculations/survey-answer.entity.js';
import { VerificationController } from './verification.controller.js';
import { VerificationService } from './verification.service.js';

/** The identity check (a browser proves it may open a calculation by its postcode) and test mode. */
@Module({
  imports: [TypeOrmModule.forFeature([CalculationSession, SurveyAnswer]), CalculationsModule],
  controllers: [VerificationController],
  providers: [VerificationService],
})
export class VerificationModule {}
