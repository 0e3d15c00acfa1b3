/**
 * What completeDocument adds to any route, so a route added later (an API key route of the account area, say) is
 * complete and passes the lint without being described by hand.
 */
import type { OpenAPIObject } from '@nestjs/swagger';
import { completeDocument, errorExample, securityFor } from './complete-document.js';

const errorBody = () => ({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } });

function documentWith(paths: OpenAPIObject['paths'], schemas: Record<string, unknown> = {}): OpenAPIObject {
  return { openapi: '3.0.0', info: { title: 'test', version: '1' }, paths, components: { schemas } } as OpenAPIObject;
}

describe('completing the OpenAPI document', () => {
  it('reads security from the access rule: optional key on /api/v1/, none for public, session and CSRF on account changes', () => {
    expect(securityFor('public', '/api/v1/calculations', 'post')).toEqual([{ ApiKey: [] }, {}]);
    expect(securityFor('public', '/api/health', 'get')).toEqual([]);
    expect(securityFor('session-holder', '/api/data/result', 'get')).toEqual([]);
    expect(securityFor('organisation-admin', '/api/account/api-keys', 'get')).toEqual([{ AccountSession: [] }]);
    expect(securityFor('organisation-admin', '/api/account/api-keys', 'post')).toEqual([{ AccountSession: [], CsrfToken: [] }]);
    expect(securityFor('policy-staff', '/api/policy/change-sets/{id}/edits/{index}', 'delete')).toEqual([
      { AccountSession: [], CsrfToken: [] },
    ]);
    expect(securityFor(undefined, '/api/anything', 'get')).toBeUndefined();
  });

  it('completes a new route: its security, an example of its body and answers, and its error codes', () => {
    const document = completeDocument(
      documentWith(
        {
          '/api/account/api-keys/{keyId}/revoke': {
            post: {
              operationId: 'ApiKeysController_revoke',
              parameters: [],
              requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/RevokeRequest' } } } },
              responses: {
                '200': { description: 'Revoked.', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiKey' } } } },
                '400': { description: 'VALIDATION_FAILED: the reason is missing.', ...errorBody() },
                '404': { description: 'No such key in your organisation (KEY_NOT_FOUND).', ...errorBody() },
              },
            },
          },
        },
        {
          RevokeRequest: { type: 'object', required: ['reason'], properties: { reason: { type: 'string', example: 'Leaked' } } },
          ApiKey: {
            type: 'object',
            properties: {
              name: { type: 'string', example: 'Housing team' },
              revokedAt: { type: 'string', format: 'date-time', nullable: true },
              owner: { allOf: [{ $ref: '#/components/schemas/Owner' }], nullable: true },
            },
          },
          Owner: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } },
        },
      ),
      new Map([['ApiKeysController_revoke', 'organisation-admin']]),
    );
    const operation = document.paths['/api/account/api-keys/{keyId}/revoke']!.post!;
    expect(operation.security).toEqual([{ AccountSession: [], CsrfToken: [] }]);
    expect(operation.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'keyId', required: true })]);
    const content = (status: string) =>
      (operation.responses[status] as { content: Record<string, { example: unknown }> }).content['application/json']!;
    expect((operation.requestBody as { content: Record<string, { example: unknown }> }).content['application/json']!.example).toEqual({
      reason: 'Leaked',
    });
    expect(content('200').example).toEqual({
      name: 'Housing team',
      revokedAt: '2026-11-21T10:30:00.000Z',
      owner: { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' },
    });
    expect(content('400').example).toEqual(errorExample(400, 'VALIDATION_FAILED', 'reason'));
    expect(content('404').example).toMatchObject({ statusCode: 404, code: 'KEY_NOT_FOUND', errors: [] });
    // A nullable reference gets the type of what it refers to, as OpenAPI 3.0 requires.
    expect((document.components!.schemas!['ApiKey'] as { properties: Record<string, { type?: string }> }).properties['owner']!.type).toBe(
      'object',
    );
    expect(document.servers).toEqual([expect.objectContaining({ url: 'http://localhost:3000' })]);
    expect(Object.keys(document.components!.securitySchemes!)).toEqual(['ApiKey', 'AccountSession', 'CsrfToken']);
  });

  it('keeps only the path parameters each path of a multi-path route has', () => {
    const page = { in: 'path' as const, name: 'page', required: true, schema: { type: 'string' } };
    const session = { in: 'path' as const, name: 'session', required: true, schema: { type: 'string' } };
    const operation = (suffix: string) => ({ operationId: `SurveyController_page${suffix}`, parameters: [page, session], responses: {} });
    const document = completeDocument(
      documentWith({ '/api/data/survey': { get: operation('[0]') }, '/api/data/survey/{page}': { get: operation('[1]') } }),
      new Map([['SurveyController_page', 'public']]),
    );
    expect(document.paths['/api/data/survey']!.get!.parameters).toEqual([]);
    expect(document.paths['/api/data/survey/{page}']!.get!.parameters).toEqual([page]);
    expect(document.paths['/api/data/survey/{page}']!.get!.security).toEqual([]);
  });
});
