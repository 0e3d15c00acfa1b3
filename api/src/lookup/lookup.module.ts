import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Environment } from '../config/environment.js';
import { DEFINITIONS_DIR } from '../site/site.module.js';
import { CouncilTaxAddress } from './council-tax-address.entity.js';
import { COUNCIL_TAX_BAND_PROVIDER, PostgresCouncilTaxBandProvider } from './council-tax-band-provider.js';
import { loadLocalAuthorities } from './local-authorities.js';
import { PostcodeController } from './lookup.controller.js';
import { LOCAL_AUTHORITIES, LookupService, POSTCODE_AREAS } from './lookup.service.js';
import { loadPostcodeAreas } from './postcode-areas.js';
import { PostcodeLocation } from './postcode-location.entity.js';
import { PostcodeBrma } from './postcode-brma.entity.js';
import { PostcodeBrmaLookup } from './postcode-brma-lookup.js';
import { POSTCODE_PROVIDER, PostcodeProviderChain, type PostcodeProvider } from './postcode-provider.js';
import { PostcodesIoProvider } from './postcodes-io.provider.js';
import { PostgresPostcodeProvider } from './postgres-postcode.provider.js';

/** The database always answers first (offline, quick); POSTCODE_LOOKUP_URL adds a postcodes.io-compatible service behind it. */
function postcodeProvider(config: ConfigService<Environment, true>, database: PostgresPostcodeProvider): PostcodeProvider {
  const serviceUrl = config.get('POSTCODE_LOOKUP_URL', { infer: true });
  return serviceUrl ? new PostcodeProviderChain([database, new PostcodesIoProvider(serviceUrl)]) : database;
}

@Module({
  imports: [TypeOrmModule.forFeature([PostcodeLocation, CouncilTaxAddress, PostcodeBrma])],
  controllers: [PostcodeController],
  providers: [
    { provide: LOCAL_AUTHORITIES, useFactory: () => loadLocalAuthorities(DEFINITIONS_DIR) },
    { provide: POSTCODE_AREAS, useFactory: () => loadPostcodeAreas(DEFINITIONS_DIR) },
    PostgresPostcodeProvider,
    { provide: POSTCODE_PROVIDER, inject: [ConfigService, PostgresPostcodeProvider], useFactory: postcodeProvider },
    { provide: COUNCIL_TAX_BAND_PROVIDER, useClass: PostgresCouncilTaxBandProvider },
    LookupService,
    PostcodeBrmaLookup,
  ],
  exports: [LookupService, PostcodeBrmaLookup],
})
export class LookupModule {}
