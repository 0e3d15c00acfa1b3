import { Global, Module, type DynamicModule } from '@nestjs/common';
import { JsonLogger } from './json-logger.js';

/** Makes the one logger the app was created with injectable everywhere. */
@Global()
@Module({})
export class LoggingModule {
  static forRoot(logger: JsonLogger): DynamicModule {
    return { module: LoggingModule, providers: [{ provide: JsonLogger, useValue: logger }], exports: [JsonLogger] };
  }
}
