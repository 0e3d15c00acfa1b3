export { useTestMode, type TestMode } from './useTestMode';
export {
  INCORRECT_PASSWORD,
  PASSWORD_REQUIRED,
  VERIFICATION_UNAVAILABLE,
  isTestModeVerified,
  requireTestModeVerification,
  resetTestMode,
  type TestModeStatus,
} from './test-mode-store';
