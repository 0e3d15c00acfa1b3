import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError } from '../errors/api-error.js';
import { RouteLimitCounter } from '../rate-limit/rate-limit.guard.js';
import { carriesApiKey, routeLimitOf } from '../rate-limit/route-limits.js';
import { ApiKeysService, keepAdmittedKey } from './api-keys.service.js';

/**
 * Runs after RateLimitGuard: on the calculation API's routes, a request with X-Api-Key is counted against the key
 * (ApiKeysService) instead of the anonymous per-address limits, which RateLimitGuard then leaves alone. A key that is
 * not live counts against the address's anonymous limit, so trying keys is limited as calling without one is. Both run
 * before the body of the batch is read; the batch counts its households against the daily quota once it has read them.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly addressLimits: RouteLimitCounter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const name = routeLimitOf(context);
    if (name === undefined || !carriesApiKey(name, request)) return true;
    const header = request.headers['x-api-key'];
    let key;
    try {
      key = await this.keys.admit(typeof header === 'string' ? header.trim() : '', response);
    } catch (error) {
      // Over the address's anonymous limit, the 429 is answered instead of the 401.
      if (error instanceof ApiError && error.body.code === 'API_KEY_INVALID') await this.addressLimits.countAddress(name, request);
      throw error;
    }
    // Kept with the request: the batch counts its households later, and a change set may be asked for with a key only.
    keepAdmittedKey(request, key);
    if (name !== 'calculation-batch') await this.keys.chargeQuota(key, 1, response);
    return true;
  }
}
