import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** A postcode no look-up knows: the person picks the council, from the nation of the postcode's area when it is all in one. */
const unknownIn = (postcode: string, country: string) => ({
  valid: true,
  value: { postcode, authority: '', authorityCode: '', country, latitude: null, longitude: null, option: false },
  reason: null,
});

describe('POST /api/data/postcode/ with the database only (the default)', () => {
  let testApp: TestApp;
  const http = () => request(testApp.app.getHttpServer());

  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  it('answers a known postcode, typed loosely, with its local authority', async () => {
    const response = await http()
      .post('/api/data/postcode/')
      .send({ postcode: 'sw1a1aa ', browserId: 'browser_1795262400000_k3j9x2ab' })
      .expect(200);
    expect(response.body).toEqual({
      valid: true,
      value: {
        postcode: 'SW1A 1AA',
        authority: 'Westminster',
        authorityCode: 'E09000033',
        country: 'England',
        latitude: 51.501,
        longitude: -0.1416,
        option: false,
      },
      reason: null,
    });
  });

  it('answers each country’s sample postcode with the country written out in full', async () => {
    const countries: Record<string, string> = {};
    for (const postcode of ['AB10 1AB', 'CF10 1AA', 'BT1 5AA', 'EN5 3JE']) {
      const { body } = await http().post('/api/data/postcode').send({ postcode }).expect(200);
      countries[postcode] = `${body.value.authority}, ${body.value.country}`;
    }
    expect(countries).toEqual({
      'AB10 1AB': 'Aberdeen City, Scotland',
      'CF10 1AA': 'Cardiff, Wales',
      'BT1 5AA': 'Belfast, Northern Ireland',
      'EN5 3JE': 'Hertsmere, England',
    });
  });

  it('answers a badly formed postcode as not valid, saying what a UK postcode looks like', async () => {
    for (const postcode of ['SW1A', '', 'SW1A-1AA']) {
      const response = await http().post('/api/data/postcode/').send({ postcode }).expect(200);
      expect(response.body).toEqual({ valid: false, value: null, reason: 'Enter a full UK postcode, like LS1 4AP.' });
    }
  });

  it('answers a postcode of the Isle of Man as not valid, saying it is outside the UK', async () => {
    const response = await http().post('/api/data/postcode/').send({ postcode: 'im1 3pn' }).expect(200);
    expect(response.body).toEqual({
      valid: false,
      value: null,
      reason:
        'Postcodes in the Isle of Man are outside the UK: this calculator works out benefits in England, Scotland, Wales and Northern Ireland.',
    });
  });

  it('answers a well-formed postcode it does not know as valid, with the authority left for the person to pick', async () => {
    const response = await http().post('/api/data/postcode/').send({ postcode: 'sw1a 9zz' }).expect(200);
    expect(response.body).toEqual(unknownIn('SW1A 9ZZ', 'England'));
    // A live postcode with no local authority is answered the same way.
    const noAuthority = await http().post('/api/data/postcode/').send({ postcode: 'BT1 1BT' }).expect(200);
    expect(noAuthority.body).toEqual(unknownIn('BT1 1BT', 'Northern Ireland'));
    // Chester's area reaches into Flintshire: no nation is certain.
    const acrossTheBorder = await http().post('/api/data/postcode/').send({ postcode: 'CH5 1AA' }).expect(200);
    expect(acrossTheBorder.body).toEqual(unknownIn('CH5 1AA', ''));
  });

  it('keeps the person going when the postcodes cannot be read, and logs that without the postcode', async () => {
    await testApp.database.query('ALTER TABLE postcodes RENAME TO postcodes_away');
    try {
      const response = await http().post('/api/data/postcode/').send({ postcode: 'SW1A 1AA' }).expect(200);
      expect(response.body).toEqual(unknownIn('SW1A 1AA', 'England'));
    } finally {
      await testApp.database.query('ALTER TABLE postcodes_away RENAME TO postcodes');
    }
    expect(testApp.logLines.some((line) => line.includes('postcode lookup unavailable'))).toBe(true);
  });

  it('answers wrong types with 400 naming each field', async () => {
    const response = await http().post('/api/data/postcode/').send({ postcode: 12, browserId: 'someone' }).expect(400);
    expect(response.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'There are 2 problems with the request.',
      errors: [
        { path: 'postcode', message: 'postcode must be text.' },
        { path: 'browserId', message: 'browserId must look like browser_<time>_<random>.' },
      ],
    });
    const missing = await http().post('/api/data/postcode/').send({ session: 'x' }).expect(400);
    expect(missing.body.errors).toEqual([
      { path: 'session', message: 'session is not a field this request accepts.' },
      { path: 'postcode', message: 'postcode must be text.' },
    ]);
    const list = await http()
      .post('/api/data/postcode/')
      .send({ postcode: ['SW1A 1AA'] })
      .expect(400);
    expect(list.body.errors).toEqual([{ path: 'postcode', message: 'postcode must be text.' }]);
  });

  it('never writes a postcode into the logs', async () => {
    await http().post('/api/data/postcode/').send({ postcode: 'CF10 3AE' }).expect(200);
    await http().post('/api/data/postcode/').send({ postcode: 'CF10 4AA', extra: 1 }).expect(400);
    const everything = testApp.logLines.join('\n');
    for (const postcode of ['SW1A 1AA', 'SW1A1AA', 'sw1a1aa', 'CF10 3AE', 'CF10 4AA', 'SW1A 9ZZ'])
      expect(everything).not.toContain(postcode);
  });
});

describe('POST /api/data/postcode/ with POSTCODE_LOOKUP_URL set', () => {
  let testApp: TestApp;
  let service: Server;
  let serviceStatus = 200;
  const asked: string[] = [];
  const http = () => request(testApp.app.getHttpServer());

  beforeAll(async () => {
    // A postcodes.io stand-in that knows one postcode the database does not hold.
    service = createServer((incoming, response) => {
      asked.push(incoming.url ?? '');
      if (serviceStatus !== 200) return void response.writeHead(serviceStatus).end();
      if (incoming.url !== '/postcodes/CF103AT')
        return void response.writeHead(404, { 'content-type': 'application/json' }).end('{"status":404,"error":"Postcode not found"}');
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          status: 200,
          result: {
            postcode: 'CF10 3AT',
            country: 'Wales',
            latitude: 51.4837,
            longitude: -3.1681,
            codes: { admin_district: 'W06000015' },
          },
        }),
      );
    });
    await new Promise<void>((listening) => service.listen(0, '127.0.0.1', listening));
    testApp = await startTestApp({ POSTCODE_LOOKUP_URL: `http://127.0.0.1:${(service.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    await testApp.close();
    service.closeAllConnections();
    await new Promise((closed) => service.close(closed));
  });

  it('asks the database first and the service only for postcodes the database does not hold', async () => {
    const fromDatabase = await http().post('/api/data/postcode/').send({ postcode: 'SW1A 1AA' }).expect(200);
    expect(fromDatabase.body.value.authority).toBe('Westminster');
    expect(asked).toEqual([]);
    const fromService = await http().post('/api/data/postcode/').send({ postcode: 'cf10 3at' }).expect(200);
    expect(fromService.body).toEqual({
      valid: true,
      value: {
        postcode: 'CF10 3AT',
        authority: 'Cardiff',
        authorityCode: 'W06000015',
        country: 'Wales',
        latitude: 51.4837,
        longitude: -3.1681,
        option: false,
      },
      reason: null,
    });
    expect(asked).toEqual(['/postcodes/CF103AT']);
  });

  it('answers a postcode the service does not know, or cannot answer for, with the authority left to pick', async () => {
    const unknown = await http().post('/api/data/postcode/').send({ postcode: 'CF10 9ZX' }).expect(200);
    expect(unknown.body).toEqual(unknownIn('CF10 9ZX', 'Wales'));
    serviceStatus = 502;
    try {
      const unavailable = await http().post('/api/data/postcode/').send({ postcode: 'CF10 3AT' }).expect(200);
      expect(unavailable.body).toEqual(unknownIn('CF10 3AT', 'Wales'));
    } finally {
      serviceStatus = 200;
    }
    expect(testApp.logLines.some((line) => line.includes('The postcode service answered 502.'))).toBe(true);
    expect(testApp.logLines.join('\n')).not.toContain('CF10');
  });
});
