import { Controller, Get, Module } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { AccessGuard } from '../../api/src/access/access.js';
import { AppModule } from '../../api/src/app.module.js';
import { AllExceptionsFilter } from '../../api/src/errors/all-exceptions.filter.js';
import { JsonLogger } from '../../api/src/logging/json-logger.js';
import { declaredRoutes } from '../support/route-rules.js';

/** Every route of every controller in the app, with the access rule it declares (if any). */
async function routesWithTheirRules(): Promise<{ route: string; rule: string | undefined }[]> {
  const app = await NestFactory.create(await AppModule.forRoot(new JsonLogger('error')), { preview: true, logger: false });
  const routes = declaredRoutes(app).map((declared) => ({ route: declared.handler, rule: declared.rule }));
  await app.close();
  return routes;
}

describe('access rules', () => {
  it('are declared by every route in the app', async () => {
    const routes = await routesWithTheirRules();
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((route) => route.rule === undefined).map((route) => route.route)).toEqual([]);
  });

  it('are enforced: a route that declares none is refused with 403, never served', async () => {
    @Controller('api/forgotten')
    class ForgottenController {
      @Get()
      secret() {
        return { secret: 'should never be served' };
      }
    }
    @Module({ controllers: [ForgottenController], providers: [{ provide: APP_GUARD, useClass: AccessGuard }] })
    class ForgottenModule {}

    const app = await NestFactory.create<NestExpressApplication>(ForgottenModule, { logger: false });
    app.useGlobalFilters(new AllExceptionsFilter(new JsonLogger('error')));
    await app.init();
    const response = await request(app.getHttpServer()).get('/api/forgotten').expect(403);
    expect(response.body).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'You do not have access to this.', errors: [] });
    await app.close();
  });
});
