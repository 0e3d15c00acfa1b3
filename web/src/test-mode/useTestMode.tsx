import { useSyncExternalStore, type ReactNode } from 'react';
import { readVisit } from '../../../common/visit';
import { TestModeGate } from './TestModeGate';
import {
  isTestModeVerified,
  requireTestModeVerification,
  subscribeToTestMode,
  testModeState,
  type TestModeStatus,
} from './test-mode-store';

export interface TestMode {
  /** True only on a `test=true` visit from a browser whose test password the server has accepted. */
  isTestMode: boolean;
  /** The password gate to render once on the screen, or null when there is nothing to ask or say. */
  gate: ReactNode | null;
  status: TestModeStatus;
  /** For when the server answers that test mode needs verifying after all: asks for the password again. */
  requireVerification: () => void;
}

/**
 * Test mode for the screen showing the page at `search`, where testing mode is on (`isOn`: the site's `testMode`,
 * set when the server has a TEST_MODE_PASSWORD) or off. Off, or without `test=true`, nothing is asked or shown.
 * Screens show their testing panels only when `isTestMode` is true; the server sends testing data only with its
 * own cookie.
 */
export function useTestMode(search: string, isOn: boolean): TestMode {
  const state = useSyncExternalStore(subscribeToTestMode, testModeState, testModeState);
  if (!isOn || !readVisit(search).isTest) {
    return { isTestMode: false, gate: null, status: 'reset', requireVerification: requireTestModeVerification };
  }
  // Until something happens on this page, the browser's stored verification decides.
  const rememberedStatus: TestModeStatus = isTestModeVerified() ? 'success' : 'needed';
  const status = state.status === 'reset' ? rememberedStatus : state.status;
  // A verification remembered from an earlier visit needs no gate; one made just now says so.
  const gate = state.status === 'reset' && status === 'success' ? null : <TestModeGate state={{ ...state, status }} />;
  return { isTestMode: status === 'success', gate, status, requireVerification: requireTestModeVerification };
}
