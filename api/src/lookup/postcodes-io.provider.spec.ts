import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LookupUnavailableError } from './lookup-unavailable.error.js';
import { PostcodesIoProvider } from './postcodes-io.provider.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

// A stand-in for postcodes.io on a local port, answering as each test tells it.
let server: Server;
let baseUrl: string;
let handle: Handler;
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requested.push(request.url ?? '');
    handle(request, response);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((closed) => server.close(closed));
});
beforeEach(() => {
  requested.length = 0;
});

const json =
  (status: number, body: unknown): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

const WESTMINSTER = {
  status: 200,
  result: {
    postcode: 'SW1A 1AA',
    country: 'England',
    latitude: 51.501009,
    longitude: -0.141588,
    admin_district: 'Westminster',
    codes: { admin_district: 'E09000033', admin_county: 'E99999999' },
  },
};

describe('PostcodesIoProvider', () => {
  it('asks GET {base}/postcodes/{postcode} and reads the GSS code, position and country', async () => {
    handle = json(200, WESTMINSTER);
    expect(await new PostcodesIoProvider(`${baseUrl}/`).find('SW1A 1AA')).toEqual({
      postcode: 'SW1A 1AA',
      authorityCode: 'E09000033',
      latitude: 51.501009,
      longitude: -0.141588,
      country: 'England',
    });
    expect(requested).toEqual(['/postcodes/SW1A1AA']);
  });

  it('keeps a base path, as for a service run under a folder', async () => {
    handle = json(200, WESTMINSTER);
    await new PostcodesIoProvider(`${baseUrl}/lookup/v1`).find('SW1A 1AA');
    expect(requested).toEqual(['/lookup/v1/postcodes/SW1A1AA']);
  });

  it('answers null for 404, a postcode the service does not know', async () => {
    handle = json(404, { status: 404, error: 'Postcode not found' });
    expect(await new PostcodesIoProvider(baseUrl).find('SW1A 9ZZ')).toBeNull();
  });

  it('gives no authority or position for a postcode the service knows without them', async () => {
    handle = json(200, {
      status: 200,
      result: { postcode: 'BT1 1BT', country: 'Northern Ireland', latitude: null, longitude: null, codes: { admin_district: null } },
    });
    expect(await new PostcodesIoProvider(baseUrl).find('BT1 1BT')).toEqual({
      postcode: 'BT1 1BT',
      authorityCode: null,
      latitude: null,
      longitude: null,
      country: 'Northern Ireland',
    });
  });

  it('gives no country outside the UK four (Channel Islands, Isle of Man)', async () => {
    handle = json(200, {
      status: 200,
      result: { postcode: 'JE2 3AB', country: 'Channel Islands', latitude: 49.18, longitude: -2.1, codes: { admin_district: 'L99999999' } },
    });
    expect(await new PostcodesIoProvider(baseUrl).find('JE2 3AB')).toMatchObject({ country: null, authorityCode: 'L99999999' });
  });

  it('is unavailable when the service answers 500, without quoting the postcode', async () => {
    handle = json(500, { status: 500, error: 'boom' });
    const failure = new PostcodesIoProvider(baseUrl).find('SW1A 1AA');
    await expect(failure).rejects.toBeInstanceOf(LookupUnavailableError);
    await expect(failure).rejects.toThrow('The postcode service answered 500.');
  });

  it('is unavailable when the service does not answer within the timeout', async () => {
    handle = () => undefined;
    const started = Date.now();
    await expect(new PostcodesIoProvider(baseUrl, 200).find('SW1A 1AA')).rejects.toThrow(
      'The postcode service did not answer within 200 ms.',
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('is unavailable when the body is not JSON or not a postcode result', async () => {
    handle = (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    await expect(new PostcodesIoProvider(baseUrl).find('SW1A 1AA')).rejects.toThrow('could not be reached or sent a body that is not JSON');
    handle = json(200, { status: 200, result: null });
    await expect(new PostcodesIoProvider(baseUrl).find('SW1A 1AA')).rejects.toThrow('answered 200 without a postcode result');
  });

  it('is unavailable when nothing listens at the address', async () => {
    const error = await new PostcodesIoProvider('http://127.0.0.1:9').find('SW1A 1AA').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LookupUnavailableError);
    expect((error as Error).message).not.toContain('SW1A');
  });
});
