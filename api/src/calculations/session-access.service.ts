import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ApiError } from '../errors/api-error.js';
import { CalculationSession } from './calculation-session.entity.js';
import { AccessGrantsService } from '../access/access-grants.service.js';
import type { Caller } from '../access/caller.js';

export const VERIFICATION_REQUIRED = 'VERIFICATION_REQUIRED';

/**
 * Who may open a calculation. Every calculation has an owner
 * from its first moment: the browser that started it (its browser id). Any other browser must pass the identity
 * check (the calculation's postcode), which grants it for 3 days, or be in verified test mode. That holds for a
 * calculation started inside a partner's portal too ('embedded mode skips verification' means the visitor is not
 * asked in their own browser, inside the partner's frame) and for one whose postcode is not answered yet (nobody
 * else can open it then). A client's calculation in the adviser area is different: only the advisers of the
 * client's organisation may open it. Always pass the calculation as stored (its canonical id).
 */
@Injectable()
export class SessionAccessService {
  constructor(
    @InjectRepository(CalculationSession) private readonly sessions: Repository<CalculationSession>,
    private readonly grants: AccessGrantsService,
  ) {}

  async canOpen(session: CalculationSession, caller: Caller): Promise<boolean> {
    // A client's calculation (adviser area) is opened through an account, never a browser: only an adviser or admin
    // of the client's organisation may, and they skip the identity check.
    if (session.clientId) return this.isClientsAdviser(session.clientId, caller);
    if (caller.browserId !== null && session.ownerBrowserId === caller.browserId) return true;
    return (await this.grants.holds(caller, 'session', session.id)) || (await this.grants.holds(caller, 'test-mode', null));
  }

  private async isClientsAdviser(clientId: string, caller: Caller): Promise<boolean> {
    const account = caller.account;
    if (!account || (account.role !== 'adviser' && account.role !== 'organisation-admin')) return false;
    const rows = await this.sessions.query<unknown[]>(`SELECT 1 FROM clients WHERE id = $1 AND organisation_id = $2`, [
      clientId,
      account.organisationId,
    ]);
    return rows.length > 0;
  }

  async ensureCanOpen(session: CalculationSession, caller: Caller): Promise<void> {
    if (!(await this.canOpen(session, caller))) {
      // The identity check cannot open a client's calculation: the adviser's sign-in is the only way in.
      if (session.clientId)
        throw new ApiError(403, 'NO_ACCESS', 'This calculation belongs to an adviser’s client. Sign in to the adviser area to open it.');
      throw new ApiError(403, VERIFICATION_REQUIRED, 'Please confirm the postcode used in this calculation to open it.');
    }
  }
}
