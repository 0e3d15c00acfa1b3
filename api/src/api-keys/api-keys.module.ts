import { Module } from '@nestjs/common';
import { ApiKeyGuard } from './api-key.guard.js';
import { ApiKeyLevelsService } from './api-key-levels.js';
import { ApiKeysController } from './api-keys.controller.js';
import { ApiKeysService } from './api-keys.service.js';

/** API keys for the calculation API: the admin's routes, and ApiKeyGuard (registered in AppModule) on each call. */
@Module({
  controllers: [ApiKeysController],
  providers: [ApiKeysService, ApiKeyGuard, ApiKeyLevelsService],
  exports: [ApiKeysService, ApiKeyGuard, ApiKeyLevelsService],
})
export class ApiKeysModule {}
