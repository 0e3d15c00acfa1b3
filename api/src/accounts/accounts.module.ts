import { Module } from '@nestjs/common';
import { SIGNED_IN_USERS } from '../access/access.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';

/** Accounts, sign-in sessions and clients. AccountsService is what the access guard asks who is signed in. */
@Module({
  controllers: [AccountsController],
  providers: [AccountsService, { provide: SIGNED_IN_USERS, useExisting: AccountsService }],
  exports: [AccountsService, SIGNED_IN_USERS],
})
export class AccountsModule {}
