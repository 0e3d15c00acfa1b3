/**
 * The document markup: what the Handlebars templates in `definitions/documents/` write, and what the PDF layout
 * (pdf-layout.ts) draws. One instruction a line, `keyword text`, with the fields of a row split by ' | '. Templates
 * stay plain text that content staff can read; the layout alone decides fonts, spacing and page breaks.
 * `definitions/documents/README.md` is the reference for template authors.
 */

/** A line that draws something, in the order the document shows it. */
export type MarkupBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'note'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'highlight'; label: string; value: string }
  | { kind: 'table'; columns: 2 | 3; rows: TableRow[] }
  | { kind: 'answers'; rows: AnswerRow[] }
  | { kind: 'link'; text: string; url: string }
  | { kind: 'space' }
  | { kind: 'rule' }
  | { kind: 'pagebreak' };

/** A line of an amounts table: a label on the left and one or two amounts on the right. */
export interface TableRow {
  style: 'row' | 'columns' | 'total';
  cells: string[];
}

/** A line of 'What you told us': the question, and the answer beside it. */
export interface AnswerRow {
  question: string;
  answer: string;
}

/** Settings lines draw nothing: the PDF's title and author, and the line at the foot of every page. */
export interface DocumentMarkup {
  title: string;
  author: string;
  footer: string;
  blocks: MarkupBlock[];
}

export class DocumentMarkupError extends Error {
  override name = 'DocumentMarkupError';
}

/** How many fields each keyword takes (settings and blocks alike); a range for the rows of 2 or 3 cells. */
const FIELDS = {
  title: [1, 1],
  author: [1, 1],
  footer: [1, 1],
  heading: [1, 1],
  subheading: [1, 1],
  text: [1, 1],
  strong: [1, 1],
  note: [1, 1],
  bullet: [1, 1],
  highlight: [2, 2],
  row: [2, 3],
  columns: [2, 3],
  total: [2, 3],
  answer: [2, 2],
  link: [2, 2],
  space: [0, 0],
  rule: [0, 0],
  pagebreak: [0, 0],
} as const satisfies Record<string, readonly [number, number]>;

type Keyword = keyof typeof FIELDS;
export const MARKUP_KEYWORDS = Object.keys(FIELDS) as Keyword[];

function isKeyword(word: string): word is Keyword {
  return Object.hasOwn(FIELDS, word);
}

/**
 * Text as the markup must carry it: a value can neither start a new line (so it cannot become an instruction)
 * nor split a row (a '|' in an answer stays part of it). Nothing else changes: apostrophes, '&' and '£' pass as
 * they are, unlike HTML escaping.
 */
export function escapeMarkup(text: string): string {
  return text
    .replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|');
}

/** The fields of a line's content: split at each '|' not escaped, unescaped and trimmed. */
function splitFields(content: string): string[] {
  const fields: string[] = [];
  let current = '';
  for (let index = 0; index < content.length; index += 1) {
    const character = content[index];
    if (character === '\\' && index + 1 < content.length) {
      current += content[index + 1];
      index += 1;
    } else if (character === '|') {
      fields.push(current.trim());
      current = '';
    } else {
      current += character;
    }
  }
  fields.push(current.trim());
  return fields;
}

/**
 * Reads the markup a template produced. `source` names the template in messages; a mistake names the line of the
 * produced markup and what was expected there, since a template fault shows up only when it is filled in.
 */
export function parseMarkup(markup: string, source: string): DocumentMarkup {
  const settings: Partial<Record<'title' | 'author' | 'footer', string>> = {};
  const blocks: MarkupBlock[] = [];
  const problem = (lineNumber: number, line: string, message: string) =>
    new DocumentMarkupError(`${source} produced a line the document cannot draw (line ${lineNumber} of its output, "${line}"): ${message}`);

  markup.split('\n').forEach((rawLine, index) => {
    const line = rawLine.trim();
    if (line === '') return;
    const [word] = line.split(/\s/, 1);
    if (!isKeyword(word)) {
      throw problem(index + 1, line, `a line must start with one of ${MARKUP_KEYWORDS.join(', ')}.`);
    }
    const content = line.slice(word.length).trim();
    const fields = content === '' ? [] : splitFields(content);
    const [fewest, most] = FIELDS[word];
    // Only a column-headings line may leave its first field (above the labels) empty.
    const emptyAllowed = (position: number) => word === 'columns' && position === 0;
    if (fields.length < fewest || fields.length > most || fields.some((field, position) => field === '' && !emptyAllowed(position))) {
      const wanted =
        most === 0
          ? 'nothing after it'
          : fewest === most
            ? `${fewest} non-empty field${fewest === 1 ? '' : 's'}`
            : `${fewest} or ${most} non-empty fields`;
      throw problem(index + 1, line, `'${word}' takes ${wanted}${most > 1 ? ", separated by ' | '" : ''}.`);
    }
    const previous = blocks.at(-1);
    switch (word) {
      case 'title':
        settings.title = fields[0];
        blocks.push({ kind: 'title', text: fields[0] });
        return;
      case 'author':
      case 'footer':
        settings[word] = fields[0];
        return;
      case 'bullet':
        if (previous?.kind === 'bullets') previous.items.push(fields[0]);
        else blocks.push({ kind: 'bullets', items: [fields[0]] });
        return;
      case 'row':
      case 'columns':
      case 'total': {
        const columns = fields.length as 2 | 3;
        if (previous?.kind === 'table' && previous.columns === columns) previous.rows.push({ style: word, cells: fields });
        else if (previous?.kind === 'table')
          throw problem(index + 1, line, `a table's lines must all have ${previous.columns} fields; put a 'space' line between tables.`);
        else blocks.push({ kind: 'table', columns, rows: [{ style: word, cells: fields }] });
        return;
      }
      case 'answer':
        if (previous?.kind === 'answers') previous.rows.push({ question: fields[0], answer: fields[1] });
        else blocks.push({ kind: 'answers', rows: [{ question: fields[0], answer: fields[1] }] });
        return;
      case 'highlight':
        blocks.push({ kind: 'highlight', label: fields[0], value: fields[1] });
        return;
      case 'link':
        if (!/^https?:\/\//.test(fields[1])) throw problem(index + 1, line, "a link's address must start with http:// or https://.");
        blocks.push({ kind: 'link', text: fields[0], url: fields[1] });
        return;
      case 'space':
      case 'rule':
      case 'pagebreak':
        blocks.push({ kind: word });
        return;
      default:
        blocks.push({ kind: word, text: fields[0] });
    }
  });

  for (const required of ['title', 'author', 'footer'] as const) {
    if (settings[required] === undefined)
      throw new DocumentMarkupError(`${source} produced no '${required}' line; every document needs one.`);
  }
  return { title: settings.title!, author: settings.author!, footer: settings.footer!, blocks };
}
