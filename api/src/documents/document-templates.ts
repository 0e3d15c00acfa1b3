import Handlebars from 'handlebars';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { escapeMarkup } from './document-markup.js';

/**
 * The Handlebars templates of the documents (`definitions/documents/`), which policy and content staff edit. Read
 * and compiled once when the server starts: a template that does not compile stops the start with a message naming
 * its file and line. Filling one in is then pure.
 */

export const DOCUMENTS_DIR = resolve('definitions/documents');
export const RESULT_TEMPLATE = 'your-benefit-results.hbs';
export const PARTIALS_FOLDER = 'partials';

/** A template file: its path as messages show it, and its text. */
export interface TemplateSource {
  path: string;
  text: string;
}

export class DocumentTemplateError extends Error {
  override name = 'DocumentTemplateError';
}

type Filler = Handlebars.TemplateDelegate<object>;

export interface DocumentTemplates {
  /** Fills in the 'Your Benefit Results' template; throws DocumentTemplateError naming the file at fault. */
  resultDocument: (view: object) => string;
  /** How messages name the main template. */
  resultDocumentPath: string;
}

const COMPILE_OPTIONS: CompileOptions = {
  // Values are escaped for the document markup (escapeMarkup), never for HTML, so "Carer's Allowance" stays so.
  noEscape: true,
  // A misspelt field is an error naming it, not a silent gap in someone's results.
  strict: true,
  preventIndent: true,
};

/** Handlebars' message, with the file it came from (its line:column is already in the message). */
function located(error: unknown, path: string, when: string): Error {
  if (error instanceof DocumentTemplateError) return error;
  const message = error instanceof Error ? error.message.replace(/\s+/g, ' ').trim() : String(error);
  return new DocumentTemplateError(`${path} ${when}: ${message}`);
}

function compile(environment: typeof Handlebars, source: TemplateSource): Filler {
  try {
    // Parsing now finds syntax mistakes at start-up; compile() alone would wait for the first document.
    environment.parse(source.text);
  } catch (error) {
    throw located(error, source.path, 'is not a valid template');
  }
  const template = environment.compile(source.text, COMPILE_OPTIONS);
  return (view, options) => {
    try {
      return template(view, options);
    } catch (error) {
      throw located(error, source.path, 'could not be filled in');
    }
  };
}

/** Every string in the view, escaped for the markup; numbers and yes/no values pass as they are. */
export function markupView<T>(value: T): T {
  if (typeof value === 'string') return escapeMarkup(value) as T;
  if (Array.isArray(value)) return value.map((item) => markupView(item)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, markupView(item)])) as T;
  }
  return value;
}

/**
 * Compiles the main template and its partials (one file each, named after the file: `partials/benefit.hbs` is
 * `{{> benefit}}`), in a Handlebars of their own so nothing leaks to or from other templates in the process.
 */
export function compileDocumentTemplates(main: TemplateSource, partials: readonly TemplateSource[]): DocumentTemplates {
  const environment = Handlebars.create();
  for (const partial of partials) {
    const name = partial.path
      .split('/')
      .at(-1)!
      .replace(/\.hbs$/, '');
    environment.registerPartial(name, compile(environment, partial));
  }
  const fillMain = compile(environment, main);
  return { resultDocument: (view) => fillMain(markupView(view)), resultDocumentPath: main.path };
}

/** Reads the templates from `definitions/documents/` (or a folder given in tests). */
export function loadDocumentTemplates(directory = DOCUMENTS_DIR): DocumentTemplates {
  const shown = (path: string) => relative(process.cwd(), join(directory, path)) || path;
  const mainFile = join(directory, RESULT_TEMPLATE);
  if (!existsSync(mainFile)) throw new DocumentTemplateError(`${shown(RESULT_TEMPLATE)} is missing: the results PDF is made from it.`);
  const partialsDir = join(directory, PARTIALS_FOLDER);
  const partialNames = existsSync(partialsDir)
    ? readdirSync(partialsDir)
        .filter((name) => name.endsWith('.hbs'))
        .sort()
    : [];
  return compileDocumentTemplates(
    { path: shown(RESULT_TEMPLATE), text: readFileSync(mainFile, 'utf8') },
    partialNames.map((name) => ({ path: shown(`${PARTIALS_FOLDER}/${name}`), text: readFileSync(join(partialsDir, name), 'utf8') })),
  );
}
