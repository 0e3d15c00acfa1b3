import { request } from 'node:http';

/**
 * HTTP from a chosen source address: the whole of 127.0.0.0/8 is the loopback on Linux, so a test can be several
 * callers at once (127.0.0.2, 127.0.0.3, ...) against one server, as the per-address limits and locks see them.
 */
export interface AnswerFrom {
  status: number;
  /** Header names in lower case, as Node gives them. */
  headers: Record<string, string | string[] | undefined>;
  /** The headers exactly as sent, name and value in turn, for byte-for-byte comparisons. */
  rawHeaders: string[];
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

export function postJsonFrom(localAddress: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<AnswerFrom> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(payload.length), ...headers },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const received = Buffer.concat(chunks);
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            rawHeaders: incoming.rawHeaders,
            body: received,
            json: <T>() => JSON.parse(received.toString('utf8')) as T,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
