import type { INestApplicationContext } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { accessRuleOf, type AccessRule } from '../../api/src/access/access.js';

export interface DeclaredRoute {
  /** `Controller.method`, for messages. */
  handler: string;
  /** As the OpenAPI document writes a route: 'GET /api/data/survey/{page}'; one per path a handler answers. */
  keys: string[];
  rule: AccessRule | undefined;
}

const joinPath = (controllerPath: string, handlerPath: string) =>
  `/${[controllerPath, handlerPath]
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Every route handler of every controller in the app, with the paths it answers and the access rule it declares. */
export function declaredRoutes(app: INestApplicationContext): DeclaredRoute[] {
  const reflector = app.get(Reflector);
  const routes: DeclaredRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as new (...args: unknown[]) => object;
      const controllerPaths = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name];
        const handlerPaths =
          name === 'constructor' ? undefined : (Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined);
        if (handlerPaths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const keys = controllerPaths.flatMap((controllerPath) =>
          ([] as string[]).concat(handlerPaths).map((path) => `${method} ${joinPath(controllerPath, path)}`),
        );
        routes.push({ handler: `${controller.name}.${name}`, keys, rule: accessRuleOf(reflector, [handler, controller]) });
      }
    }
  }
  return routes;
}
