export { useTestMode, type TestMode } from './useTestMode';
export {
  INCORRECT_PASSWORD,
  VERIFICATION_UNAVAILABLE,
  isTestModeVerified,
  requireTestModeVerification,
  resetTestMode,
  type TestModeStatus,
} from './test-mode-store';
