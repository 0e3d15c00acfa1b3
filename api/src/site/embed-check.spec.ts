import { describe, expect, it } from '@jest/globals';
import type { SiteConfig } from '../../../common/site.js';
import { checkEmbed } from './embed-check.js';

const OWN = 'https://calculator.example';
const site = {
  partners: { cap_live: { id: 'cap_live', name: 'CAP', origins: ['https://www.cap.example', 'http://localhost:8080'] } },
} as unknown as SiteConfig;

describe('checkEmbed: may the page asking show a partner’s portal', () => {
  it('allows the partner’s registered origins, the calculator’s own pages, and a request with no Origin (same origin)', () => {
    for (const origin of ['https://www.cap.example', 'http://localhost:8080', OWN, null])
      expect(checkEmbed(site, 'cap_live', origin, OWN)).toEqual({ allowed: true, message: null });
  });

  it('refuses any other origin, saying which and how to register it', () => {
    expect(checkEmbed(site, 'cap_live', 'https://blog.cap.example', OWN)).toEqual({
      allowed: false,
      message:
        "The benefits calculator cannot be shown on this page: its address, https://blog.cap.example, is not registered for CAP. To show it here, ask the calculator's team to add https://blog.cap.example to CAP's registered addresses: their service administrators do it in the account area, and it works as soon as a second one approves it.",
    });
  });

  it('says when https is needed: the registered https page opened over http, or an http page elsewhere', () => {
    expect(checkEmbed(site, 'cap_live', 'http://www.cap.example', OWN).message).toBe(
      'The benefits calculator can only be shown on pages served over https. Open this page at https://www.cap.example instead.',
    );
    expect(checkEmbed(site, 'cap_live', 'http://advice.example', OWN).message).toMatch(
      /^The benefits calculator can only be shown on pages served over https, and this page is at http:\/\/advice.example\./,
    );
  });

  it('names an unknown partner id, and never treats an inherited property as a partner', () => {
    expect(checkEmbed(site, 'nobody', 'https://www.cap.example', OWN)).toMatchObject({ allowed: false });
    expect(checkEmbed(site, 'nobody', 'https://www.cap.example', OWN).message).toMatch(
      /^The benefits calculator has no partner called "nobody"\./,
    );
    expect(checkEmbed(site, 'constructor', 'https://www.cap.example', OWN).allowed).toBe(false);
  });
});
