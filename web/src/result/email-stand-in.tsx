import { jest } from '@jest/globals';

/**
 * For the jsdom tests: the e-mail form (EmailCalculation, built and tested on its own) replaced by a stand-in that
 * shows what it was given, so these tests see where the results page puts it without its captcha calls.
 */
export function standInForEmailForm(): void {
  jest.unstable_mockModule('./EmailCalculation', () => ({
    EmailCalculation: ({ session, partnerId }: { session: string; partnerId: string | null }) => (
      <p data-testid="email-calculation">
        E-mail form for {session} from {partnerId ?? 'no partner'}
      </p>
    ),
  }));
}
