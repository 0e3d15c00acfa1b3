import type { ApprovalCheck, CasesRunReport, PolicyPerson } from '../../common/policy/model.js';

/**
 * Four eyes means four eyes (issue 28): who may approve a change set, and what an approval (and publishing) needs,
 * as plain functions of what the change set holds, so that the API and its tests say the same.
 */

/** Why a member may not approve a change set as a person (not what it lacks), or null when they may. */
export function whyNotApprover(
  member: string,
  changeSet: { authorId: string | null; contributors: readonly PolicyPerson[] },
): { code: 'OWN_CHANGE_SET' | 'CHANGED_CHANGE_SET'; message: string } | null {
  if (changeSet.authorId !== null && changeSet.authorId === member)
    return { code: 'OWN_CHANGE_SET', message: 'You started this change set, so another member of the policy team must approve it.' };
  if (changeSet.contributors.some(({ id }) => id === member))
    return { code: 'CHANGED_CHANGE_SET', message: 'You changed this change set, so another member of the policy team must approve it.' };
  return null;
}

/** A member once, however many times they edited. */
export function withContributor(contributors: readonly PolicyPerson[], member: PolicyPerson): PolicyPerson[] {
  return contributors.some(({ id }) => id === member.id) ? [...contributors] : [...contributors, member];
}

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/**
 * What an approval and publishing need, each met or not: nothing listed as a problem; the checks (every hand-worked
 * case, and the generated households) run on exactly these edits against the rules published now; no case that
 * passes with the published rules failing with it; no generated household failing.
 */
export function approvalChecks(input: {
  problems: number;
  digest: string;
  version: number;
  /** The published rules now ('2026-27+cs3'): a run against older ones must be run again. */
  publishedRules: string;
  lastRun: CasesRunReport | null;
}): ApprovalCheck[] {
  const { lastRun } = input;
  const isCurrent = lastRun !== null && lastRun.digest === input.digest && lastRun.comparedWith === input.publishedRules;
  const notRun = !lastRun
    ? 'The checks have not been run yet: run the checks (the hand-worked cases and the generated households).'
    : lastRun.digest !== input.digest
      ? `The checks were last run on ${lastRun.version === undefined ? 'an earlier version' : `version ${lastRun.version}`}, and this is version ${input.version}: run the checks again.`
      : 'Another change set has been published since the checks were run: run the checks again.';
  const newFailures = lastRun?.newFailures ?? 0;
  const sample = lastRun?.sample;
  return [
    {
      name: 'no-problems',
      met: input.problems === 0,
      text:
        input.problems === 0
          ? 'Nothing listed stops it being published.'
          : `Put right the ${plural(input.problems, 'problem')} listed at the top.`,
    },
    {
      name: 'checks-run',
      met: isCurrent,
      text: isCurrent ? `The checks were run on this version (version ${input.version}) against the rules published now.` : notRun,
    },
    {
      name: 'cases',
      met: isCurrent && newFailures === 0,
      text: !isCurrent
        ? 'The hand-worked cases: not yet run on this version.'
        : newFailures === 0
          ? 'No hand-worked case that passes with the published rules fails with this change set.'
          : `${plural(newFailures, 'hand-worked case')} that ${newFailures === 1 ? 'passes' : 'pass'} with the published rules (or ${newFailures === 1 ? 'is' : 'are'} this change set’s own) ${newFailures === 1 ? 'fails' : 'fail'} with it: correct the change set or add corrected cases.`,
    },
    {
      name: 'sample',
      met: isCurrent && sample !== undefined && sample.failed === 0,
      text:
        !isCurrent || !sample
          ? 'The generated households: not yet run on this version.'
          : sample.failed === 0
            ? `None of the ${sample.households.toLocaleString('en-GB')} generated households failed.`
            : `The rules failed for ${plural(sample.failed, 'generated household')} of ${sample.households.toLocaleString('en-GB')}: correct the change set.`,
    },
  ];
}

/** The first check not met, as the refusal's message; null when every check is met. */
export function unmetCheck(checks: readonly ApprovalCheck[]): ApprovalCheck | null {
  return checks.find((check) => !check.met) ?? null;
}
