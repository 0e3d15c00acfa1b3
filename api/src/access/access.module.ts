import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessGrant } from './access-grant.entity.js';
import { AccessGrantsService } from './access-grants.service.js';

/** What a browser holds: the grants (a calculation verified, test mode) its http-only cookies prove. */
@Module({
  imports: [TypeOrmModule.forFeature([AccessGrant])],
  providers: [AccessGrantsService],
  exports: [AccessGrantsService],
})
export class AccessModule {}
