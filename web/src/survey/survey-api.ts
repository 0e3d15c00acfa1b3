import type { Visit } from '../../../common/visit';
import type { Answers, PostcodeAnswer, SurveyAction, SurveyPageResponse } from '../../../common/survey/model';
import { answerOf, api, ApiRequestError } from '../api/client';
import { portalPassOnThisPage } from '../site/portal';

/** The calls the survey screen makes. Every one carries the browser id (api/client). */

/** The 403 code that means another browser owns the calculation and the identity check must open it. */
export const VERIFICATION_REQUIRED = 'VERIFICATION_REQUIRED';

export function isVerificationRequired(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status === 403 &&
    typeof error.errorBody === 'object' &&
    error.errorBody !== null &&
    (error.errorBody as { code?: unknown }).code === VERIFICATION_REQUIRED
  );
}

export function loadSurveyPage(pageNumber: string | null, session: string | null): Promise<SurveyPageResponse> {
  if (pageNumber === null || session === null) return answerOf(api.GET('/api/data/survey'));
  return answerOf(api.GET('/api/data/survey/{page}/{session}', { params: { path: { page: pageNumber, session } } }));
}

export interface DeviceDetails {
  isMobile: boolean;
  browserName: string | null;
  browserVersion: string | null;
  OsName: string | null;
}

/** Device details the survey post carries; the server does not store them. Read from the user agent. */
export function deviceDetails(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): DeviceDetails {
  const browsers: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ['Opera', /OPR\/([\d.]+)/],
    ['Samsung Internet', /SamsungBrowser\/([\d.]+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
    ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
    ['Safari', /Version\/([\d.]+).*Safari/],
  ];
  const browser = browsers.find(([, pattern]) => pattern.test(userAgent));
  const systems: [string, RegExp][] = [
    ['Windows', /Windows/],
    ['Android', /Android/],
    ['iOS', /iPhone|iPad|iPod/],
    ['Mac OS', /Mac OS X|Macintosh/],
    ['Chrome OS', /CrOS/],
    ['Linux', /Linux/],
  ];
  return {
    isMobile: /Mobi|Android|iPhone|iPod/.test(userAgent),
    browserName: browser?.[0] ?? null,
    browserVersion: browser ? (browser[1].exec(userAgent)?.[1] ?? null) : null,
    OsName: systems.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? null,
  };
}

export interface SurveyPost {
  answers: Answers;
  session: string | null;
  page: number;
  action: SurveyAction;
  visit: Visit;
}

/**
 * Sends a page's shown answers (at the top level, keyed by question name) beside the visit's details. `portal` goes
 * only with the partner's id (`id=`): the server refuses a portal calculation for no partner. The post that starts
 * the calculation in a portal carries the page's portal pass, without which the server does not credit it to the
 * partner's portal.
 */
export function postSurveyPage({ answers, session, page, action, visit }: SurveyPost): Promise<SurveyPageResponse> {
  const portal = visit.isPortal && visit.partnerId !== null;
  return answerOf(
    api.POST('/api/data/survey', {
      body: {
        ...answers,
        session,
        page,
        action,
        partner: visit.partnerId,
        referral: visit.referral,
        subCategory: visit.subCategory,
        test: visit.isTest,
        pipSessionId: visit.pipSessionId,
        portal,
        ...(portal && session === null ? { portalPass: portalPassOnThisPage() } : {}),
        ...deviceDetails(),
      },
    }),
  );
}

export interface PostcodeCheck {
  valid: boolean;
  value: PostcodeAnswer | null;
  /** Why the postcode cannot be used (shown after '{label} is invalid.'); null when valid. */
  reason: string | null;
}

export function checkPostcode(postcode: string): Promise<PostcodeCheck> {
  return answerOf(api.POST('/api/data/postcode', { body: { postcode } }));
}

export interface BandAddress {
  line1: string;
  band: string;
  id: string | number;
}

export interface BandLookup {
  valid: boolean;
  value: BandAddress[] | null;
}

export function lookUpBands(session: string): Promise<BandLookup> {
  return answerOf(api.POST('/api/data/bands', { body: { session } }));
}

export function verifySession(session: string, postcode: string): Promise<{ valid: boolean }> {
  return answerOf(api.POST('/api/data/verify', { body: { session, postcode } }));
}

/** Where a survey page lives, keeping the visit's query string. */
export function surveyPath(pageNumber: number | string, session: string, search: string): string {
  return `/survey/${encodeURIComponent(String(pageNumber))}/${encodeURIComponent(session)}${search}`;
}

export function resultPath(session: string, search: string): string {
  return `/result/${encodeURIComponent(session)}${search}`;
}
