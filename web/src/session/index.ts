export {
  isSessionVerificationNeeded,
  ownsSession,
  recordSessionOwner,
  sessionOwnerOf,
  type SessionVerificationFacts,
} from './session-owner';
