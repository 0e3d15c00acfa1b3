import { createHash } from 'node:crypto';
import type { PolicyEdit } from '../../common/policy/model.js';

/**
 * The digest of a change set's edits (issue 28): what an approval names, so that it approves exactly the edits the
 * approver was shown, and what publishing checks, so that exactly the approved edits are published. Any change to
 * an edit, its order or the change set it belongs to gives another digest. Keys are sorted first: PostgreSQL's
 * jsonb keeps an object's keys in its own order, not the order they were sent in.
 */

/** JSON with every object's keys in sorted order: the same text for the same value, however it was written. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** 64 hexadecimal characters: SHA-256 of the change set's number and its edits. */
export function changeSetDigest(id: number, edits: readonly PolicyEdit[]): string {
  return createHash('sha256')
    .update(`policy-change-set ${id}\n${canonicalJson(edits)}`)
    .digest('hex');
}
