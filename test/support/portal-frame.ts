import { request } from 'node:http';
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '../../common/site.js';

/**
 * A calculator page as a browser asks for it inside a partner's frame on `partnerOrigin` (Sec-Fetch-Dest: iframe, the
 * partner's origin as the Referer, as embed.js makes the frame send it), and the portal pass its settings carry: null
 * when the server did not recognise the portal. A production build serves pages; NODE_ENV=test serves none.
 */
export async function portalPassFromFrame(serverUrl: string, partnerId: string, partnerOrigin: string): Promise<string | null> {
  const html = await new Promise<string>((resolve, reject) => {
    const outgoing = request(
      new URL(`/survey?portal=true&id=${encodeURIComponent(partnerId)}`, serverUrl),
      {
        headers: { 'Sec-Fetch-Dest': 'iframe', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'cross-site', Referer: `${partnerOrigin}/` },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () =>
          incoming.statusCode === 200
            ? resolve(Buffer.concat(chunks).toString('utf8'))
            : reject(new Error(`The framed page answered ${incoming.statusCode}`)),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
  const settings = new RegExp(`<script id="${SITE_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`, 's').exec(html);
  if (!settings) throw new Error('The page has no site settings.');
  return (JSON.parse(settings[1]) as SiteConfig).portal?.pass ?? null;
}

/** What the web app's fetch from our own page carries, and a script has to claim. */
export const FROM_OUR_OWN_PAGE = { 'Sec-Fetch-Site': 'same-origin' } as const;
