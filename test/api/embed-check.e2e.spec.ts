import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** GET /api/embed/check: what embed.js asks before it makes the frame (docs/embed.md). */
describe('GET /api/embed/check', () => {
  let testApp: TestApp;
  const http = () => request(testApp.app.getHttpServer());

  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  it('answers a page on the partner’s registered origin yes, to any origin (CORS), and never from a cache', async () => {
    const response = await http().get('/api/embed/check?partner=cap_live').set('Origin', 'https://www.cap.example').expect(200);
    expect(response.body).toEqual({ allowed: true, message: null });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers another origin no, saying which address to register, and an http page that it needs https', async () => {
    const other = await http().get('/api/embed/check?partner=cap_live').set('Origin', 'https://blog.example').expect(200);
    expect(other.body).toMatchObject({
      allowed: false,
      message: expect.stringContaining('its address, https://blog.example, is not registered for CAP'),
    });
    const plain = await http().get('/api/embed/check?partner=cap_live').set('Origin', 'http://www.cap.example').expect(200);
    expect(plain.body.message).toBe(
      'The benefits calculator can only be shown on pages served over https. Open this page at https://www.cap.example instead.',
    );
  });

  it('refuses a partner given twice or not at all with 400 naming partner', async () => {
    for (const query of ['', '?partner=cap_live&partner=other']) {
      const response = await http().get(`/api/embed/check${query}`).expect(400);
      expect(response.body.errors).toEqual([{ path: 'partner', message: 'partner must be the partner id of the script tag, as text.' }]);
    }
  });
});
