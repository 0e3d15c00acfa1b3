import { Module } from '@nestjs/common';
import { PartnerLogosController, PartnersController } from './partners.controller.js';
import { PartnersService } from './partners.service.js';

/** The partner register: partners registered in the account area, in force without a restart (docs/embed.md). */
@Module({
  controllers: [PartnerLogosController, PartnersController],
  providers: [PartnersService],
})
export class PartnersModule {}
