import {
  isScaleValue,
  type CaseEdit,
  type LhaRatesEdit,
  type PolicyEdit,
  type PolicySource,
  type PolicyValue,
} from '../../common/policy/model.js';
import { Contract } from '../schemas/json-schema.js';
import type { SourceFiles } from '../source-files.js';
import { applyEdit, editedPart, editShapeProblems, editTarget, sameJson } from './edits.js';
import { inForceOn, type PublishedChangeSet } from './rules-versions.js';

/**
 * Published change sets written back into the repository (`npm run rules:export`, issue 19), so that the next release
 * carries them and a fresh install, with an empty database, works out the same figures:
 * - a change set in force today is written into the files it changes (rulesets, parameters, definitions, cases);
 * - one whose date is still ahead is written to `rulesets/scheduled/<date>-cs<id>.json`, which the rules versions lay
 *   over the files from that date, as the server does with the database's copy; the export after its date writes it
 *   into the files and removes the scheduled file;
 * - one reverted by today has what it replaced put back, where the files hold what it set.
 * Writing the same change set twice changes nothing: every edit sets a value.
 */

export const SCHEDULED_FOLDER = 'rulesets/scheduled';

const SCHEDULED_FILE = Contract.named('scheduled-change.schema.json');

export interface ScheduledChange {
  changeSet: number;
  title: string;
  reason?: string;
  effectiveFrom: string;
  edits: PolicyEdit[];
}

export const scheduledPath = (set: Pick<PublishedChangeSet, 'id' | 'effectiveFrom'>): string =>
  `${SCHEDULED_FOLDER}/${set.effectiveFrom}-cs${set.id}.json`;

/** The scheduled change that puts back what a change set in force replaced, from the date it is reverted. */
const revertPath = (set: Pick<PublishedChangeSet, 'id' | 'revertedFrom'>): string =>
  `${SCHEDULED_FOLDER}/${set.revertedFrom}-cs${set.id}-revert.json`;

/**
 * An edit that puts back what `edit` replaced (`before`, as editedPart gave it), or null when no edit can: an edit
 * can set a value, a rule or a text, not take away a value, an item or a case that was not there before.
 */
export function restoringEdit(edit: PolicyEdit, before: unknown): PolicyEdit | null {
  if (before === null && edit.kind !== 'question') return null;
  switch (edit.kind) {
    case 'parameter-value': {
      const { value, source, note } = before as {
        value: PolicyValue;
        source: { title: string; url: string };
        note: string | null;
      };
      return {
        kind: 'parameter-value',
        parameter: edit.parameter,
        from: edit.from,
        value,
        source,
        ...(note === null || note === undefined ? {} : { note }),
      };
    }
    case 'rates-held':
      return { kind: 'rates-held', until: before as string };
    case 'lha-rates-held': {
      const { until, source } = before as { until: string; source: PolicySource | null };
      return { kind: 'lha-rates-held', scheme: edit.scheme, until, source };
    }
    case 'band-d':
      // Each council's figure for the year as it was (or none): not one edit's shape, so undone in the file below.
      return null;
    case 'lha-council-areas': {
      const { brmas, sources } = before as { brmas: string[]; sources: PolicySource[] };
      // An unconfirmed row (no page) cannot be put back by an edit, which confirms: it is undone in the file below.
      return sources.length > 0
        ? { kind: 'lha-council-areas', authority: edit.authority, name: edit.name, areas: brmas, source: sources[0]! }
        : null;
    }
    case 'ctr-scheme': {
      const { from: _from, source, ...scheme } = before as Record<string, unknown> & { source: PolicySource };
      return { kind: 'ctr-scheme', authority: edit.authority, name: edit.name, year: edit.year, scheme, source };
    }
    case 'lha-rates': {
      const {
        from,
        source,
        note: _note,
        ...rates
      } = before as LhaRatesEdit['rates'] & { from: string; source: PolicySource; note?: string };
      return { kind: 'lha-rates', scheme: edit.scheme, area: edit.area, from, rates, source };
    }
    case 'rule': {
      const { conditions, description } = before as { conditions: unknown; description: string | null };
      return { kind: 'rule', ruleset: edit.ruleset, rule: edit.rule, conditions, ...(description === null ? {} : { description }) };
    }
    case 'question': {
      if (before === null) return null;
      const { text, helpText, showHide } = before as { text: string | null; helpText: string | null; showHide: string | null };
      return {
        kind: 'question',
        page: edit.page,
        question: edit.question,
        ...(edit.text !== undefined && text !== null ? { text } : {}),
        ...(edit.helpText !== undefined && helpText !== null ? { helpText } : {}),
        ...(edit.showHide !== undefined ? { showHide } : {}),
      };
    }
    case 'extra-help-item':
      return { kind: 'extra-help-item', category: edit.category, item: before as Record<string, unknown> };
    case 'case':
      return { kind: 'case', ruleset: edit.ruleset, case: before as CaseEdit['case'] };
  }
}

function describeTarget(edit: PolicyEdit): string {
  return edit.kind === 'parameter-value' ? `the value of ${edit.parameter} from ${edit.from}` : `its ${edit.kind} edit`;
}

/** The scheduled change sets in the repository, checked, as the rules versions apply them (before the database's). */
export function readScheduledChanges(files: SourceFiles): PublishedChangeSet[] {
  return files
    .list(SCHEDULED_FOLDER)
    .filter((name) => name.endsWith('.json'))
    .map((name, index) => {
      const path = `${SCHEDULED_FOLDER}/${name}`;
      const json = JSON.parse(files.read(path)!) as ScheduledChange;
      const problems = [
        ...SCHEDULED_FILE.problems(json).map(({ message }) => message),
        ...(Array.isArray(json.edits) ? json.edits : []).flatMap((edit, at) =>
          editShapeProblems(edit).map(({ field, message }) => `edits[${at}]${field ? `.${field}` : ''}: ${message}`),
        ),
      ];
      if (problems.length > 0)
        throw new Error(`${path} is not a valid scheduled change:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
      // Ordered before every change set of the database: they were published earlier, by the workbench that exported them.
      return {
        id: json.changeSet,
        seq: index - 1_000_000,
        effectiveFrom: json.effectiveFrom,
        revertedFrom: null,
        edits: json.edits,
        title: json.title,
      };
    });
}

export interface ExportPlan {
  /** Every file to write (its new text) or remove (null), by repository path. */
  writes: Map<string, string | null>;
  written: number[];
  scheduled: number[];
  restored: number[];
  warnings: string[];
}

/** Puts back what an edit replaced (`before`, as editedPart gave it); null before: the edit added it, so it goes. */
export function restorePart(file: unknown, edit: PolicyEdit, before: unknown): unknown {
  const json = structuredClone(file) as Record<string, unknown>;
  const list = (key: string) => (Array.isArray(json[key]) ? (json[key] as Record<string, unknown>[]) : []);
  switch (edit.kind) {
    case 'parameter-value': {
      const values = list('values').filter((value) => value.from !== edit.from);
      if (before) {
        const { value, source, note } = before as { value: PolicyValue; source: unknown; note: unknown };
        const held = isScaleValue(value) ? { brackets: value.brackets } : { value };
        values.push({ from: edit.from, ...held, source, ...(note === null || note === undefined ? {} : { note }) });
        values.sort((a, b) => String(a.from).localeCompare(String(b.from)));
      }
      json.values = values;
      return json;
    }
    case 'extra-help-item':
    case 'case': {
      const key = edit.kind === 'case' ? 'cases' : 'items';
      const name = edit.kind === 'case' ? edit.case.name : edit.item.name;
      const items = list(key);
      const at = items.findIndex((item) => item.name === name);
      if (before === null) items.splice(at, at >= 0 ? 1 : 0);
      else if (at >= 0) items[at] = before as Record<string, unknown>;
      json[key] = items;
      return json;
    }
    case 'rates-held':
      json.until = before;
      return json;
    case 'lha-rates': {
      const areas = (json.areas ?? []) as { name: string; values: Record<string, unknown>[] }[];
      const area = areas.find((candidate) => candidate.name === edit.area);
      if (area) {
        area.values = area.values.filter((value) => value.from !== edit.from);
        if (before) area.values.push(before as Record<string, unknown>);
        area.values.sort((a, b) => String(a.from).localeCompare(String(b.from)));
      }
      return json;
    }
    case 'lha-council-areas': {
      const authorities = list('authorities');
      const at = authorities.findIndex((council) => council.localAuthority === edit.authority);
      if (at >= 0 && before) authorities[at] = before as Record<string, unknown>;
      return json;
    }
    case 'ctr-scheme': {
      // The year's scheme as it was, or none; a file left with no year was made by the edit, and goes.
      const from = `${edit.year.slice(0, 4)}-04-01`;
      const values = list('values').filter((value) => value.from !== from);
      if (before) values.push(before as Record<string, unknown>);
      values.sort((a, b) => String(a.from).localeCompare(String(b.from)));
      if (values.length === 0) return null;
      json.values = values;
      return json;
    }
    case 'band-d': {
      // Each council's value for the year as it was: put back, or taken away where the edit added it.
      const authorities = (json.authorities ?? {}) as Record<string, { values: Record<string, unknown>[] }>;
      const was = before as (Record<string, unknown> | null)[];
      edit.figures.forEach(({ authority }, index) => {
        const council = authorities[authority];
        if (!council) return;
        const values = council.values.filter((value) => value.year !== edit.year);
        if (was[index]) values.push(was[index]!);
        values.sort((a, b) => String(a.year).localeCompare(String(b.year)));
        council.values = values;
      });
      return json;
    }
    case 'lha-rates-held': {
      const { until, source } = before as { until: string; source: unknown };
      json.until = until;
      if (source === null) delete json.untilSource;
      else json.untilSource = source;
      return json;
    }
    case 'rule': {
      const { conditions, description } = before as { conditions: unknown; description: unknown };
      return applyEdit(json, { ...edit, conditions, description: description === null ? undefined : (description as string) });
    }
    case 'question': {
      const { text, helpText, showHide } = before as { text: string | null; helpText: string | null; showHide: string | null };
      return applyEdit(json, {
        ...edit,
        text: edit.text === undefined ? undefined : (text ?? undefined),
        helpText: edit.helpText === undefined ? undefined : (helpText ?? undefined),
        showHide: edit.showHide === undefined ? undefined : showHide,
      });
    }
  }
}

/** What `rules:export` writes for the published change sets (in publish order), given the files and today's date. */
export function planExport(
  files: SourceFiles,
  published: readonly PublishedChangeSet[],
  today: string,
  withdrawn: readonly number[] = [],
): ExportPlan {
  const writes = new Map<string, string | null>();
  const plan: ExportPlan = { writes, written: [], scheduled: [], restored: [], warnings: [] };
  const current = new Map<string, unknown>();
  const read = (path: string): unknown => {
    if (!current.has(path)) {
      const text = files.read(path);
      current.set(path, text === null ? null : JSON.parse(text));
    }
    return current.get(path);
  };
  // A file restored to nothing (a council's scheme file the change set made) is removed.
  const set = (path: string, json: unknown) => {
    current.set(path, json);
    writes.set(path, json === null ? null : `${JSON.stringify(json, null, 2)}\n`);
  };
  // A scheduled file goes once its change set is in the files, reverted or withdrawn; others' files are left alone.
  const done = new Set<number>(withdrawn);
  // A scheduled revert goes once its change set has been taken out of the files, or was withdrawn.
  const reverted = new Set<number>(withdrawn);
  for (const change of [...published].sort((a, b) => a.seq - b.seq)) {
    if (change.effectiveFrom > today) {
      const path = scheduledPath(change);
      const file: ScheduledChange = {
        changeSet: change.id,
        title: change.title ?? `Change set ${change.id}`,
        effectiveFrom: change.effectiveFrom,
        edits: change.edits,
      };
      const text = files.read(path);
      if (text === null || !sameJson(JSON.parse(text), file)) writes.set(path, `${JSON.stringify(file, null, 2)}\n`);
      plan.scheduled.push(change.id);
    } else if (inForceOn(change, today)) {
      for (const edit of change.edits) set(editTarget(edit), applyEdit(read(editTarget(edit)), edit));
      plan.written.push(change.id);
      done.add(change.id);
      if (change.revertedFrom) {
        // In force today and reverted from a date ahead: what it replaced comes back from that date, scheduled.
        const restoring = change.edits.flatMap((edit, index) => {
          const restored = restoringEdit(edit, change.parts?.[index]?.before ?? null);
          if (!restored)
            plan.warnings.push(
              `Change set ${change.id}: ${describeTarget(edit)} cannot be taken out by a scheduled change; run the export again on or after ${change.revertedFrom}.`,
            );
          return restored ? [restored] : [];
        });
        if (restoring.length > 0) {
          const path = revertPath(change);
          const file: ScheduledChange = {
            changeSet: change.id,
            title: `Revert: ${change.title ?? `change set ${change.id}`}`,
            effectiveFrom: change.revertedFrom,
            edits: restoring,
          };
          const text = files.read(path);
          if (text === null || !sameJson(JSON.parse(text), file)) writes.set(path, `${JSON.stringify(file, null, 2)}\n`);
        }
      }
    } else {
      // Reverted by today: where the files hold what it set, put back what it replaced.
      change.edits.forEach((edit, index) => {
        const part = change.parts?.[index];
        const path = editTarget(edit);
        if (part && sameJson(editedPart(read(path), edit), part.after)) set(path, restorePart(read(path), edit, part.before));
      });
      plan.restored.push(change.id);
      done.add(change.id);
      reverted.add(change.id);
    }
  }
  for (const name of files.list(SCHEDULED_FOLDER)) {
    const match = /-cs(\d+)(-revert)?\.json$/.exec(name);
    if (match && (match[2] ? reverted : done).has(Number(match[1]))) writes.set(`${SCHEDULED_FOLDER}/${name}`, null);
  }
  return plan;
}
