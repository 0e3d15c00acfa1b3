import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ukToday } from '../../../common/dates/uk-today.js';
import type { PolicyEdit } from '../../../common/policy/model.js';
import { APPROVED_VIEWS_KEPT, type ApprovedChangeSet, type RulesVersions } from '../../../engine/policy/rules-versions.js';
import { ApiError } from '../errors/api-error.js';
import { PublishedRules } from './published-rules.js';

/** A change set a caller may work out with: approved and waiting to be published. */
export interface ApprovedChoice {
  id: number;
  title: string;
  /** When the second officer approved it (ISO). */
  approvedAt: string;
}

/** The rules a caller asked for by change set: `approved` is set when they hold a change set not yet published. */
export interface RulesAskedFor {
  versions: RulesVersions;
  approved: ApprovedChangeSet | null;
}

/** The largest number a change set can have (PostgreSQL's integer). */
export const MAX_CHANGE_SET_ID = 2_147_483_647;

export function changeSetNotFound(id: number, path = 'changeSet'): ApiError {
  const message = `There is no approved or published change set numbered ${id}. Ask the policy team for the number of the one to use.`;
  return new ApiError(404, 'CHANGE_SET_NOT_FOUND', message, [{ path, message }]);
}

/**
 * Change sets approved by a second officer but not yet published (issue 30, point 2): the calculation API (for key
 * holders and policy staff) and caseload runs (for advisers) can be worked out with one, so next April's figures can
 * be shown as soon as they are announced, always marked provisional and naming the change set. A draft, withdrawn
 * or reverted change set is never used, and is 'not found' to the caller, as a number never given is. A published
 * change set is the rules in force from its date, which every calculation uses already.
 */
@Injectable()
export class ApprovedRules {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly published: PublishedRules,
  ) {}

  /**
   * The change sets approved and not yet published, latest approved first: as many as the rules versions keep loaded,
   * so that listing them (each checked to fit) never loads an engine again on every request.
   */
  async choices(): Promise<ApprovedChoice[]> {
    const rows = await this.dataSource.query<{ id: number; title: string; updated_at: Date }[]>(
      `SELECT id, title, updated_at FROM policy_change_sets WHERE status = 'approved' ORDER BY updated_at DESC, id DESC LIMIT $1`,
      [APPROVED_VIEWS_KEPT],
    );
    return rows.map((row) => ({ id: row.id, title: row.title, approvedAt: new Date(row.updated_at).toISOString() }));
  }

  /**
   * The rules with change set `id`: an approved one laid over the published rules (checked to load over them), a
   * published one's are the rules in force. Anything else is 404 CHANGE_SET_NOT_FOUND; an approved change set that
   * no longer fits the rules published since is 409 CHANGE_SET_DOES_NOT_FIT.
   */
  async rulesWith(id: number, path = 'changeSet'): Promise<RulesAskedFor> {
    const [row] = await this.dataSource.query<
      { id: number; title: string; status: string; edits: PolicyEdit[]; approved_digest: string | null }[]
    >(`SELECT id, title, status, edits, approved_digest FROM policy_change_sets WHERE id = $1 AND status IN ('approved', 'published')`, [
      id,
    ]);
    if (!row) throw changeSetNotFound(id, path);
    const versions = this.published.versions;
    if (row.status === 'published') return { versions, approved: null };
    const approved: ApprovedChangeSet = { id: row.id, title: row.title, edits: row.edits, digest: row.approved_digest ?? '' };
    const view = versions.withApproved(approved);
    // Loaded now (once for each approval and day): a change set that does not fit is refused, never half applied.
    view.versionOn(ukToday());
    // It does not load over them, or it was found to throw with a household: either way it is left out of the view.
    if (view.problemsOf(row.id).length > 0 || view.faultsFound.some((fault) => fault.changeSet === row.id)) {
      const message = `Change set ${row.id} no longer fits the rules published since it was approved, so it cannot be used. The policy team needs to look at it again.`;
      throw new ApiError(409, 'CHANGE_SET_DOES_NOT_FIT', message, [{ path, message }]);
    }
    return { versions: view, approved };
  }
}
