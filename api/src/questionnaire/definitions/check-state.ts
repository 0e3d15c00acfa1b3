import type { PageDefinition, QuestionDefinition } from '../../../../common/survey/model.js';
import type { DefinitionFiles } from './files.js';

/** One question where it is defined. */
export interface PlacedQuestion {
  question: QuestionDefinition;
  /** 0-based index of its page in survey.json. */
  pageIndex: number;
  file: string;
}

export interface PlacedRule {
  text: string;
  file: string;
  /** 'showHide' of the page, or '<Question>: showHide'. */
  field: string;
  pageIndex: number;
  /** The question the rule belongs to; none for a page rule. */
  question?: string;
}

/**
 * What the checks of the questionnaire's definitions share while they run: the pages and questions read so far
 * (by the shape check, `shape.ts`), the rules found in them, and every problem, each starting with its file.
 */
export class SurveyCheckState {
  readonly problems: string[] = [];
  /** By position in survey.json; a page that could not be read leaves a gap. */
  readonly pages: (PageDefinition | undefined)[] = [];
  readonly pageFiles: string[] = [];
  pageNames: string[] = [];
  readonly missing = new Set<string>();
  /** A file could not be read: checks across files would only repeat that as many missing questions. */
  unreadable = false;
  readonly questions = new Map<string, PlacedQuestion>();
  readonly rules: PlacedRule[] = [];

  constructor(readonly files: DefinitionFiles) {}

  problem(file: string, message: string): void {
    this.problems.push(`${file}: ${message}`);
  }
}

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
export const list = (items: readonly string[]) => items.join(', ');
