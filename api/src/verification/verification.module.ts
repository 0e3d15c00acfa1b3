import { Module } from '@nestjs/common';
import { CalculationsModule } from '../calculations/calculations.module.js';
import { VerificationController } from './verification.controller.js';
import { VerificationService } from './verification.service.js';

/** The identity check (a browser proves it may open a calculation by its postcode) and test mode. */
@Module({
  imports: [CalculationsModule],
  controllers: [VerificationController],
  providers: [VerificationService],
})
export class VerificationModule {}
