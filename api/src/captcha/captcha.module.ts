import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CalculationsModule } from '../calculations/calculations.module.js';
import { CaptchaChallenge } from './captcha-challenge.entity.js';
import { CaptchaController } from './captcha.controller.js';
import { CaptchaService, CLIP_LIBRARY } from './captcha.service.js';
import { loadClipLibrary } from './spoken-challenge.js';

@Module({
  imports: [TypeOrmModule.forFeature([CaptchaChallenge]), CalculationsModule],
  controllers: [CaptchaController],
  providers: [{ provide: CLIP_LIBRARY, useFactory: () => loadClipLibrary() }, CaptchaService],
  exports: [CaptchaService],
})
export class CaptchaModule {}
