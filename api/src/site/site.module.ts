import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { resolve } from 'node:path';
import type { Environment } from '../config/environment.js';
import { EmbedController } from './embed.controller.js';
import { PortalPasses } from './portal-pass.js';
import { loadSiteConfig } from './site-definitions.js';
import { SITE_CONFIG } from './site-config-token.js';

export { SITE_CONFIG } from './site-config-token.js';
export const DEFINITIONS_DIR = resolve('definitions');

/** The site and partner settings, read once at start from `definitions/` and configuration; and the portal passes. */
@Global()
@Module({
  controllers: [EmbedController],
  providers: [
    {
      provide: SITE_CONFIG,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) =>
        loadSiteConfig(
          DEFINITIONS_DIR,
          config.get('CHAT_SCRIPT_URL', { infer: true }) ?? null,
          Boolean(config.get('TEST_MODE_PASSWORD', { infer: true })),
          config.get('EXTRA_PARTNERS_DIR', { infer: true }) ?? null,
        ),
    },
    PortalPasses,
  ],
  exports: [SITE_CONFIG, PortalPasses],
})
export class SiteModule {}
