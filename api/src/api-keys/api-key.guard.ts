import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { carriesApiKey, routeLimitOf } from '../rate-limit/route-limits.js';
import { ApiKeysService } from './api-keys.service.js';

/**
 * Runs after RateLimitGuard: on the calculation API's routes, a request with X-Api-Key is counted against the key
 * (ApiKeysService.admit) instead of the anonymous per-address limits, which RateLimitGuard then leaves alone.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly keys: ApiKeysService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (!carriesApiKey(routeLimitOf(context), request)) return true;
    const header = request.headers['x-api-key'];
    await this.keys.admit(typeof header === 'string' ? header.trim() : '', request, context.switchToHttp().getResponse<Response>());
    return true;
  }
}
