/**
 * The public accuracy page's shape (`GET /api/data/accuracy`, `/accuracy`, `docs/accuracy.md`): sections of
 * paragraphs, an optional list and an optional table. Written by `api/src/accuracy/accuracy-report.ts`.
 */
export interface AccuracyTable {
  columns: string[];
  rows: string[][];
}

export interface AccuracySection {
  id: string;
  heading: string;
  paragraphs: string[];
  list?: string[];
  table?: AccuracyTable;
}

export interface AccuracyReport {
  title: string;
  /** The date the counts are for (the council tax year of the schemes held depends on it). */
  date: string;
  sections: AccuracySection[];
}
