import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The accuracy page counts from the data the server loaded and checked at start: the local authorities of the
 * lookup and the engine's Local Housing Allowance files (with the private-renting households), read from disk
 * nowhere else.
 */
describe('GET /api/data/accuracy', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  it("counts every council of the lookup's list and weights England's by the private-renting households", async () => {
    const { body } = await request(testApp.app.getHttpServer()).get('/api/data/accuracy').expect(200);
    const lha = (body.sections as { id: string; paragraphs: string[] }[]).find((section) => section.id === 'local-housing-allowance')!;
    expect(lha.paragraphs.join('\n')).toMatch(/ of 361 councils \(/);
    expect(lha.paragraphs.join('\n')).toMatch(/Weighted by private-renting households .*, \d+\.\d% of England’s private renters/);
  });
});
