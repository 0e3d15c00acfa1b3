import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CalculationSession } from '../calculations/calculation-session.entity.js';
import { ClientErrorReport } from './client-error-report.entity.js';
import { ClientErrorsController } from './client-errors.controller.js';
import { ClientErrorsService } from './client-errors.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ClientErrorReport, CalculationSession])],
  controllers: [ClientErrorsController],
  providers: [ClientErrorsService],
})
export class ClientErrorsModule {}
