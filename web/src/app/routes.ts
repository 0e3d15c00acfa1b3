import type { AccountView } from '../account/AccountScreen';
import { policyViewFor, type PolicyView } from '../policy/policy-paths';

/**
 * The web app's routes, one per screen. Navigation between them is a full page load, so a
 * route is worked out once from the address when the app starts.
 */
export type Route =
  | { page: 'landing' }
  | { page: 'survey'; pageNumber: string | null; session: string | null }
  | { page: 'result'; session: string }
  | { page: 'adviserHome' }
  | { page: 'adviserCalculation'; session: string }
  | { page: 'adviserCompare'; sessions: string }
  | { page: 'adviserCaseload' }
  | { page: 'account'; account: AccountView }
  | { page: 'accuracy' }
  | { page: 'policy'; policy: PolicyView }
  | { page: 'notFound' };

/** Old addresses that still work: /aboutyou is the landing page, /intermediary/... is now /adviser/... */
export function redirectFor(pathname: string): string | null {
  if (/^\/aboutyou\/?$/.test(pathname)) return '/';
  const intermediary = /^\/intermediary(\/.*)?$/.exec(pathname);
  if (intermediary) return `/adviser${intermediary[1] ?? '/'}`;
  return null;
}

function segment(value: string): string | null {
  try {
    const decoded = decodeURIComponent(value);
    return decoded.trim() ? decoded : null;
  } catch {
    return null;
  }
}

export function matchRoute(pathname: string): Route {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  const [first, ...rest] = parts;
  const params = rest.map(segment);
  if (params.some((param) => param === null)) return { page: 'notFound' };
  const [a, b] = params as string[];

  if (parts.length === 0 || (parts.length === 1 && first === '')) return { page: 'landing' };
  if (first === 'survey' && rest.length === 0) return { page: 'survey', pageNumber: null, session: null };
  if (first === 'survey' && rest.length === 2) return { page: 'survey', pageNumber: a, session: b };
  if (first === 'result' && rest.length === 1) return { page: 'result', session: a };
  if (first === 'adviser' && rest.length === 0) return { page: 'adviserHome' };
  if (first === 'adviser' && a === 'calculation' && rest.length === 2) return { page: 'adviserCalculation', session: b };
  if (first === 'adviser' && a === 'compare' && rest.length === 2) return { page: 'adviserCompare', sessions: b };
  if (first === 'adviser' && a === 'caseload' && rest.length === 1) return { page: 'adviserCaseload' };
  if (first === 'accuracy' && rest.length === 0) return { page: 'accuracy' };
  if (first === 'policy') {
    const policy = policyViewFor(params as string[]);
    if (policy) return { page: 'policy', policy };
  }
  if (first === 'account') {
    // /account/sign-in is the member-area login's older address; both show sign-in to a visitor signed out.
    if (rest.length === 0 || (rest.length === 1 && a === 'sign-in')) return { page: 'account', account: { view: 'home' } };
    if (rest.length === 2 && a === 'users' && b === 'new') return { page: 'account', account: { view: 'addMember' } };
    if (rest.length === 1 && a === 'clients') return { page: 'account', account: { view: 'clients' } };
    if (rest.length === 1 && a === 'api-keys') return { page: 'account', account: { view: 'apiKeys' } };
    if (rest.length === 1 && a === 'partners') return { page: 'account', account: { view: 'partners' } };
    if (rest.length === 2 && a === 'partners') return { page: 'account', account: { view: 'partner', partnerId: b === 'new' ? null : b } };
    if (rest.length === 1 && a === 'management-information') return { page: 'account', account: { view: 'managementInformation' } };
    if (rest.length === 2 && a === 'clients') return { page: 'account', account: { view: 'client', clientGuid: b === 'new' ? null : b } };
  }
  return { page: 'notFound' };
}
