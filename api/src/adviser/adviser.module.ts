import { Module } from '@nestjs/common';
import { IntermediaryController } from './intermediary.controller.js';

@Module({ controllers: [IntermediaryController] })
export class AdviserModule {}
