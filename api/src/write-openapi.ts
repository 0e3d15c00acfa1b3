import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { writeFile } from 'node:fs/promises';
import { AppModule } from './app.module.js';
import { JsonLogger } from './logging/json-logger.js';
import { buildOpenApiDocument, OPENAPI_FILE } from './openapi/openapi.js';

// npm run openapi:write: regenerates the committed OpenAPI document. Preview mode reads the controllers and
// DTOs without starting anything, so no database is needed.
const app = await NestFactory.create(await AppModule.forRoot(new JsonLogger('error')), { preview: true, logger: false });
await writeFile(OPENAPI_FILE, `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`);
await app.close();
console.log(`wrote ${OPENAPI_FILE}`);
