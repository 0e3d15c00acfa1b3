import type { ResultModel } from '../../../common/result/model.js';
import type { SiteConfig } from '../../../common/site.js';
import { parseMarkup } from './document-markup.js';
import { loadDocumentTemplates, type DocumentTemplates } from './document-templates.js';
import { drawPdf } from './pdf-layout.js';
import { resultDocumentView, type DocumentPeriod } from './result-view.js';

/**
 * The charity's 'Your Benefit Results' PDF (the results page's 'Print or save results', GET /api/data/pdf): the result
 * model fills in the Handlebars template of `definitions/documents/`, which writes document markup, which the
 * layout draws with pdfkit. Pure apart from reading the templates, once.
 */

export interface ResultPdfOptions {
  period: DocumentPeriod;
  site: SiteConfig;
  /** When the document is made: its date is printed, and stored as the PDF's creation date. */
  generatedAt: Date;
  /** The compiled templates; by default those of `definitions/documents/`, read on first use. */
  templates?: DocumentTemplates;
}

export const RESULT_PDF_FILE_NAME = 'Your Benefit Results.pdf';

let defaultTemplates: DocumentTemplates | undefined;

/** The templates of `definitions/documents/`, read and compiled the first time they are asked for. */
export function resultPdfTemplates(): DocumentTemplates {
  defaultTemplates ??= loadDocumentTemplates();
  return defaultTemplates;
}

/** The markup the template writes for a result: what the PDF will show, line by line. */
export function resultDocumentMarkup(result: ResultModel, options: ResultPdfOptions): string {
  const view = resultDocumentView(result, { period: options.period, charity: options.site.charity, generatedAt: options.generatedAt });
  return (options.templates ?? resultPdfTemplates()).resultDocument(view);
}

export async function renderResultPdf(result: ResultModel, options: ResultPdfOptions): Promise<Buffer> {
  const templates = options.templates ?? resultPdfTemplates();
  const markup = parseMarkup(resultDocumentMarkup(result, { ...options, templates }), templates.resultDocumentPath);
  return drawPdf(markup, { createdAt: options.generatedAt });
}
