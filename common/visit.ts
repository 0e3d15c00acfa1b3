/**
 * What the query string says about a visit (id, ref, sub, test, pip, portal, session, page, period).
 * Partner pages link to the calculator with these; the web app keeps the query string as the visitor moves on,
 * and the server stores the partner, referral, sub-category, test and pip values with the calculation.
 */
export interface Visit {
  /** `id`: the partner whose page sent the visitor, such as `cap_live`. */
  partnerId: string | null;
  /** `ref`: the referral code a partner adds. */
  referral: string | null;
  /** `sub`: the partner's sub-category. */
  subCategory: string | null;
  /** `test=true`: the hidden testing mode (which the server must still verify by password). */
  isTest: boolean;
  /** `pip`: the session id of a partner's PIP tool that handed over to the calculator. */
  pipSessionId: string | null;
  /** `portal=true`: shown inside a partner's portal, without the charity's own header, footer and chat. */
  isPortal: boolean;
  session: string | null;
  page: string | null;
  period: 'weekly' | 'monthly' | null;
}

const MAX_TEXT_LENGTH = 100;
const PARTNER_ID = /^[a-z0-9_]{1,40}$/;

function text(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value.slice(0, MAX_TEXT_LENGTH) : null;
}

function flag(params: URLSearchParams, name: string): boolean {
  return params.get(name)?.trim().toLowerCase() === 'true';
}

export function readVisit(search: string | URLSearchParams): Visit {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const partnerId = text(params, 'id')?.toLowerCase() ?? null;
  const period = text(params, 'period')?.toLowerCase();
  return {
    partnerId: partnerId && PARTNER_ID.test(partnerId) ? partnerId : null,
    referral: text(params, 'ref'),
    subCategory: text(params, 'sub'),
    isTest: flag(params, 'test'),
    pipSessionId: text(params, 'pip'),
    isPortal: flag(params, 'portal'),
    session: text(params, 'session'),
    page: text(params, 'page'),
    period: period === 'weekly' || period === 'monthly' ? period : null,
  };
}
