import PDFDocument from 'pdfkit';
import type { AnswerRow, DocumentMarkup, MarkupBlock, TableRow } from './document-markup.js';

/**
 * Draws document markup (document-markup.ts) as an A4 PDF with pdfkit. The built-in Helvetica fonts are not
 * embedded, so a document of a few pages stays a few tens of kilobytes and needs no font files or browser at run
 * time. The PDF is tagged (headings, paragraphs, lists, tables, links, in reading order) and has bookmarks for
 * its headings, so screen readers and 'reflow' views can follow it.
 */

export interface PdfLayoutOptions {
  /** Stored as the PDF's creation date. */
  createdAt: Date;
}

type PDFDoc = PDFKit.PDFDocument;
type StructureElement = PDFKit.PDFStructureElement;

/** One cell of a table row, placed and styled. */
interface Cell {
  tag: 'TH' | 'TD';
  text: string;
  x: number;
  width: number;
  align: 'left' | 'right';
  font: keyof typeof FONT;
  size: number;
  colour: string;
}

const PAGE = { size: 'A4', width: 595.28, height: 841.89 } as const;
const MARGIN = { top: 50, bottom: 64, side: 56 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN.side;
const CONTENT_BOTTOM = PAGE.height - MARGIN.bottom;
const FOOTER_TOP = PAGE.height - 42;

const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
const SIZE = { title: 24, heading: 15, subheading: 12, body: 10.5, highlightLabel: 12, highlightValue: 14, small: 9, footer: 8.5 } as const;
const LINE_GAP = 2.5;
const COLOUR = {
  text: '#1b1b1b',
  muted: '#4b5559',
  accent: '#0b5566',
  line: '#c8d0d3',
  lineStrong: '#1b1b1b',
  highlight: '#e6f0f3',
} as const;
const CELL_PADDING = 4;
const HIGHLIGHT_PADDING = 12;
const AMOUNT_COLUMN_WIDTH = { 2: 150, 3: 112 } as const;
const ANSWER_QUESTION_SHARE = 0.55;
const COLUMN_GAP = 12;
const BULLET_INDENT = 14;
/**
 * A heading is not left alone at the foot of a page: it needs room for the short lines that lead into what it
 * heads (an intro, a subheading, an item's bold title; at most LEAD_IN_BLOCKS of them) and this much more.
 */
const KEEP_WITH_HEADING = 40;
const LEAD_IN_BLOCKS = 3;
const LEAD_IN_KINDS: readonly MarkupBlock['kind'][] = ['text', 'note', 'subheading', 'strong'];

/** Characters the built-in fonts can draw (Windows-1252): Latin-1, plus the quotes, dashes, bullet and euro sign. */
const WIN_ANSI_EXTRA = new Set([
  0x192, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x20ac, 0x2030, 0x2039, 0x203a,
  0x2c6, 0x2122, 0x152, 0x153, 0x2dc, 0x160, 0x161, 0x178, 0x17d, 0x17e,
]);
const NEAREST: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u2192': '->',
  '\u2264': '<=',
  '\u2265': '>=',
};

function isDrawable(codePoint: number): boolean {
  return (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff) || WIN_ANSI_EXTRA.has(codePoint);
}

/**
 * Text the built-in fonts can draw, rather than wrong glyphs: a letter they lack loses its accent ('ś' becomes
 * 's'), a few signs get a plain equivalent ('→' becomes '->'), and anything else becomes '?'.
 */
export function drawableText(text: string): string {
  let drawable = '';
  for (const character of text) {
    if (isDrawable(character.codePointAt(0)!)) {
      drawable += character;
      continue;
    }
    if (NEAREST[character] !== undefined) {
      drawable += NEAREST[character];
      continue;
    }
    const base = character.normalize('NFKD').replace(/\p{M}/gu, '');
    drawable += [...base].every((part) => isDrawable(part.codePointAt(0)!)) && base !== '' ? base : '?';
  }
  return drawable;
}

/** Draws one document: a cursor down the page, with a new page whenever the next piece would not fit. */
class Layout {
  private readonly root: StructureElement;

  constructor(private readonly doc: PDFDoc) {
    this.root = doc.struct('Document');
    doc.addStructure(this.root);
  }

  private get y(): number {
    return this.doc.y;
  }

  private font(name: keyof typeof FONT, size: number, colour: string = COLOUR.text): PDFDoc {
    return this.doc.font(FONT[name]).fontSize(size).fillColor(colour);
  }

  private heightOf(text: string, font: keyof typeof FONT, size: number, width: number): number {
    this.font(font, size);
    return this.doc.heightOfString(text, { width, lineGap: LINE_GAP });
  }

  /** Starts a new page unless `height` still fits; a piece taller than a page starts at the top of one. */
  private ensureRoom(height: number): void {
    if (this.y + height > CONTENT_BOTTOM && this.y > MARGIN.top) this.newPage();
  }

  private newPage(): void {
    this.doc.addPage();
    this.doc.x = MARGIN.side;
    this.doc.y = MARGIN.top;
  }

  private gap(points: number): void {
    // Space at the top of a page is wasted.
    if (this.y > MARGIN.top) this.doc.y = Math.min(this.y + points, CONTENT_BOTTOM);
  }

  /** A paragraph at the cursor, tagged as `tag`; pdfkit carries a long one on to the next page. */
  private paragraph(tag: string, text: string, font: keyof typeof FONT, size: number, colour: string = COLOUR.text): void {
    this.root.add(
      this.doc.struct(tag, {}, () => {
        this.font(font, size, colour).text(text, MARGIN.side, this.y, { width: CONTENT_WIDTH, lineGap: LINE_GAP });
      }),
    );
  }

  /** Lines and fills that only decorate: marked as artifacts, so screen readers skip them. */
  private decoration(draw: () => void): void {
    this.doc.markContent('Artifact');
    this.doc.save();
    draw();
    this.doc.restore();
    this.doc.endMarkedContent();
  }

  private horizontalLine(y: number, colour: string, width = 0.75): void {
    this.decoration(() => {
      this.doc
        .moveTo(MARGIN.side, y)
        .lineTo(MARGIN.side + CONTENT_WIDTH, y)
        .lineWidth(width)
        .strokeColor(colour)
        .stroke();
    });
  }

  /**
   * The room a heading needs below it so that it stays with the start of what it heads: the lead-in lines (a
   * paragraph counts for its first two lines only, since the rest may go on over the page) and a little more.
   */
  private roomToKeep(following: readonly MarkupBlock[]): number {
    let height = KEEP_WITH_HEADING;
    for (const block of following.slice(0, LEAD_IN_BLOCKS)) {
      if (!LEAD_IN_KINDS.includes(block.kind) || !('text' in block)) break;
      const bold = block.kind === 'subheading' || block.kind === 'strong';
      const size = block.kind === 'subheading' ? SIZE.subheading : block.kind === 'note' ? SIZE.small : SIZE.body;
      const whole = this.heightOf(block.text, bold ? 'bold' : 'regular', size, CONTENT_WIDTH);
      height += (bold ? whole : Math.min(whole, 2 * this.heightOf('A', 'regular', size, CONTENT_WIDTH))) + 10;
    }
    return height;
  }

  /** Draws one block; `following` are the blocks after it, for keeping headings with what they head. */
  draw(block: MarkupBlock, following: readonly MarkupBlock[]): void {
    switch (block.kind) {
      case 'title':
        return this.title(block.text, following);
      case 'heading':
        return this.heading(block.text, following);
      case 'subheading':
        this.gap(10);
        this.ensureRoom(this.heightOf(block.text, 'bold', SIZE.subheading, CONTENT_WIDTH) + this.roomToKeep(following));
        this.paragraph('H3', block.text, 'bold', SIZE.subheading, COLOUR.accent);
        this.gap(3);
        return;
      case 'text':
        this.paragraph('P', block.text, 'regular', SIZE.body);
        this.gap(5);
        return;
      case 'strong':
        this.gap(3);
        this.ensureRoom(this.heightOf(block.text, 'bold', SIZE.body, CONTENT_WIDTH) + this.roomToKeep(following));
        this.paragraph('P', block.text, 'bold', SIZE.body);
        this.gap(2);
        return;
      case 'note':
        this.paragraph('P', block.text, 'regular', SIZE.small, COLOUR.muted);
        this.gap(5);
        return;
      case 'bullets':
        return this.bullets(block.items);
      case 'highlight':
        return this.highlight(block.label, block.value);
      case 'table':
        return this.table(block.columns, block.rows);
      case 'answers':
        return this.answers(block.rows);
      case 'link':
        return this.link(block.text, block.url);
      case 'space':
        this.gap(10);
        return;
      case 'rule':
        this.gap(6);
        this.ensureRoom(12);
        this.horizontalLine(this.y, COLOUR.line);
        this.gap(10);
        return;
      case 'pagebreak':
        if (this.y > MARGIN.top) this.newPage();
        return;
    }
  }

  private title(text: string, following: readonly MarkupBlock[]): void {
    this.ensureRoom(this.heightOf(text, 'bold', SIZE.title, CONTENT_WIDTH) + this.roomToKeep(following));
    this.paragraph('H1', text, 'bold', SIZE.title, COLOUR.accent);
    this.doc.outline.addItem(text);
    this.gap(4);
    this.horizontalLine(this.y, COLOUR.accent, 2);
    this.gap(12);
  }

  private heading(text: string, following: readonly MarkupBlock[]): void {
    this.gap(16);
    this.ensureRoom(this.heightOf(text, 'bold', SIZE.heading, CONTENT_WIDTH) + 10 + this.roomToKeep(following));
    this.paragraph('H2', text, 'bold', SIZE.heading, COLOUR.accent);
    this.doc.outline.addItem(text);
    this.gap(2);
    this.horizontalLine(this.y, COLOUR.line);
    this.gap(8);
  }

  private bullets(items: string[]): void {
    const list = this.doc.struct('L');
    this.root.add(list);
    const textWidth = CONTENT_WIDTH - BULLET_INDENT;
    for (const item of items) {
      this.ensureRoom(this.heightOf(item, 'regular', SIZE.body, textWidth));
      const top = this.y;
      const listItem = this.doc.struct('LI');
      list.add(listItem);
      listItem.add(
        this.doc.struct('Lbl', {}, () => this.font('regular', SIZE.body).text('\u2022', MARGIN.side + 3, top, { lineBreak: false })),
      );
      listItem.add(
        this.doc.struct('LBody', {}, () => {
          this.font('regular', SIZE.body).text(item, MARGIN.side + BULLET_INDENT, top, { width: textWidth, lineGap: LINE_GAP });
        }),
      );
      listItem.end();
      this.gap(3);
    }
    list.end();
    this.gap(3);
  }

  private highlight(label: string, value: string): void {
    const valueWidth = Math.min(this.font('bold', SIZE.highlightValue).widthOfString(value) + 2, CONTENT_WIDTH / 2);
    const labelWidth = CONTENT_WIDTH - valueWidth - 2 * HIGHLIGHT_PADDING - COLUMN_GAP;
    const labelHeight = this.heightOf(label, 'bold', SIZE.highlightLabel, labelWidth);
    const valueHeight = this.heightOf(value, 'bold', SIZE.highlightValue, valueWidth);
    const inner = Math.max(labelHeight, valueHeight);
    // The last line's gap and the space below the letters already pad the bottom.
    const height = inner + 2 * HIGHLIGHT_PADDING - LINE_GAP - 2;
    this.gap(4);
    this.ensureRoom(height);
    const top = this.y;
    this.decoration(() => {
      this.doc.rect(MARGIN.side, top, CONTENT_WIDTH, height).fill(COLOUR.highlight);
      this.doc.rect(MARGIN.side, top, 4, height).fill(COLOUR.accent);
    });
    this.root.add(
      this.doc.struct('P', {}, () => {
        this.font('bold', SIZE.highlightLabel).text(
          label,
          MARGIN.side + HIGHLIGHT_PADDING,
          top + HIGHLIGHT_PADDING + (inner - labelHeight) / 2,
          {
            width: labelWidth,
            lineGap: LINE_GAP,
          },
        );
        this.font('bold', SIZE.highlightValue, COLOUR.accent).text(
          value,
          MARGIN.side + HIGHLIGHT_PADDING + labelWidth + COLUMN_GAP,
          top + HIGHLIGHT_PADDING + (inner - valueHeight) / 2,
          {
            width: valueWidth,
            align: 'right',
            lineGap: LINE_GAP,
          },
        );
      }),
    );
    this.doc.x = MARGIN.side;
    this.doc.y = top + height;
    this.gap(10);
  }

  private rowHeight(cells: readonly Cell[]): number {
    return Math.max(...cells.map((cell) => this.heightOf(cell.text || ' ', cell.font, cell.size, cell.width))) + 2 * CELL_PADDING;
  }

  /** A row of cells side by side: each cell is drawn at the same top, then the cursor goes below the tallest. */
  private cells(row: StructureElement, cells: readonly Cell[]): void {
    const height = this.rowHeight(cells);
    this.ensureRoom(height);
    const top = this.y;
    for (const cell of cells) {
      row.add(
        this.doc.struct(cell.tag, {}, () => {
          if (cell.text !== '')
            this.font(cell.font, cell.size, cell.colour).text(cell.text, cell.x, top + CELL_PADDING, {
              width: cell.width,
              align: cell.align,
              lineGap: LINE_GAP,
            });
        }),
      );
    }
    this.doc.x = MARGIN.side;
    this.doc.y = top + height;
  }

  private table(columns: 2 | 3, rows: TableRow[]): void {
    const table = this.doc.struct('Table');
    this.root.add(table);
    const amountWidth = AMOUNT_COLUMN_WIDTH[columns];
    const labelWidth = CONTENT_WIDTH - (columns - 1) * (amountWidth + COLUMN_GAP);
    const xOf = (index: number) =>
      index === 0 ? MARGIN.side : MARGIN.side + labelWidth + COLUMN_GAP + (index - 1) * (amountWidth + COLUMN_GAP);
    const cellsOf = ({ style, cells }: TableRow): Cell[] =>
      cells.map((text, index) => ({
        tag: style === 'columns' ? 'TH' : 'TD',
        text,
        x: xOf(index),
        width: index === 0 ? labelWidth : amountWidth,
        align: index === 0 ? 'left' : 'right',
        font: style === 'row' ? 'regular' : 'bold',
        size: style === 'columns' ? SIZE.small : SIZE.body,
        colour: style === 'columns' ? COLOUR.muted : COLOUR.text,
      }));
    rows.forEach((tableRow, index) => {
      const cells = cellsOf(tableRow);
      const next = rows[index + 1];
      // Column headings stay with the first row under them; a total's line stays with the total.
      if (tableRow.style === 'columns' && next) this.ensureRoom(this.rowHeight(cells) + this.rowHeight(cellsOf(next)));
      if (tableRow.style === 'total') {
        this.ensureRoom(this.rowHeight(cells) + 1);
        this.horizontalLine(this.y, COLOUR.lineStrong, 1);
      }
      const row = this.doc.struct('TR');
      table.add(row);
      this.cells(row, cells);
      row.end();
      if (tableRow.style !== 'total') this.horizontalLine(this.y, COLOUR.line, 0.5);
    });
    table.end();
    this.gap(8);
  }

  private answers(rows: AnswerRow[]): void {
    const table = this.doc.struct('Table');
    this.root.add(table);
    const questionWidth = CONTENT_WIDTH * ANSWER_QUESTION_SHARE - COLUMN_GAP / 2;
    const answerWidth = CONTENT_WIDTH - questionWidth - COLUMN_GAP;
    for (const { question, answer } of rows) {
      const row = this.doc.struct('TR');
      table.add(row);
      this.cells(row, [
        {
          tag: 'TH',
          text: question,
          x: MARGIN.side,
          width: questionWidth,
          align: 'left',
          font: 'regular',
          size: SIZE.body,
          colour: COLOUR.muted,
        },
        {
          tag: 'TD',
          text: answer,
          x: MARGIN.side + questionWidth + COLUMN_GAP,
          width: answerWidth,
          align: 'left',
          font: 'bold',
          size: SIZE.body,
          colour: COLOUR.text,
        },
      ]);
      row.end();
      this.horizontalLine(this.y, COLOUR.line, 0.5);
    }
    table.end();
    this.gap(8);
  }

  /** The address is printed as well as linked: the document is often printed on paper. */
  private link(text: string, url: string): void {
    this.ensureRoom(this.heightOf(`${text}: ${url}`, 'regular', SIZE.body, CONTENT_WIDTH));
    const top = this.y;
    this.root.add(
      this.doc.struct('P', {}, [
        () =>
          this.font('regular', SIZE.body).text(`${text}: `, MARGIN.side, top, { width: CONTENT_WIDTH, lineGap: LINE_GAP, continued: true }),
        this.doc.struct('Link', {}, () =>
          this.font('regular', SIZE.body, COLOUR.accent).text(drawableText(url), { link: url, underline: true, lineGap: LINE_GAP }),
        ),
      ]),
    );
    this.doc.fillColor(COLOUR.text);
    this.gap(5);
  }

  finish(footer: string): void {
    this.root.end();
    const { start, count } = this.doc.bufferedPageRange();
    for (let index = start; index < start + count; index += 1) {
      this.doc.switchToPage(index);
      // Writing below the bottom margin would make pdfkit start another page.
      const bottomMargin = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      this.doc.markContent('Artifact', { type: 'Pagination' });
      const pageLabel = `Page ${index + 1} of ${count}`;
      const labelWidth = this.font('regular', SIZE.footer, COLOUR.muted).widthOfString(pageLabel) + 1;
      this.doc.text(footer, MARGIN.side, FOOTER_TOP, {
        width: CONTENT_WIDTH - labelWidth - COLUMN_GAP,
        lineBreak: true,
        height: 2 * SIZE.footer + LINE_GAP,
        ellipsis: true,
      });
      this.doc.text(pageLabel, MARGIN.side + CONTENT_WIDTH - labelWidth, FOOTER_TOP, {
        width: labelWidth,
        align: 'right',
        lineBreak: false,
      });
      this.doc.endMarkedContent();
      this.doc.page.margins.bottom = bottomMargin;
    }
  }
}

/** Every piece of text the layout will draw, made drawable by the built-in fonts. */
function drawableMarkup(markup: DocumentMarkup): DocumentMarkup {
  const blocks = markup.blocks.map((block): MarkupBlock => {
    switch (block.kind) {
      case 'bullets':
        return { ...block, items: block.items.map(drawableText) };
      case 'highlight':
        return { ...block, label: drawableText(block.label), value: drawableText(block.value) };
      case 'table':
        return { ...block, rows: block.rows.map((row) => ({ ...row, cells: row.cells.map(drawableText) })) };
      case 'answers':
        return { ...block, rows: block.rows.map((row) => ({ question: drawableText(row.question), answer: drawableText(row.answer) })) };
      case 'link':
        return { ...block, text: drawableText(block.text) };
      case 'space':
      case 'rule':
      case 'pagebreak':
        return block;
      default:
        return { ...block, text: drawableText(block.text) };
    }
  });
  return { title: drawableText(markup.title), author: drawableText(markup.author), footer: drawableText(markup.footer), blocks };
}

/** The finished PDF file. */
export function drawPdf(markup: DocumentMarkup, options: PdfLayoutOptions): Promise<Buffer> {
  const drawable = drawableMarkup(markup);
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: { top: MARGIN.top, bottom: MARGIN.bottom, left: MARGIN.side, right: MARGIN.side },
    bufferPages: true,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-GB',
    displayTitle: true,
    font: FONT.regular,
    info: { Title: drawable.title, Author: drawable.author, Creator: drawable.author, CreationDate: options.createdAt },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const layout = new Layout(doc);
  drawable.blocks.forEach((block, index) => layout.draw(block, drawable.blocks.slice(index + 1, index + 1 + LEAD_IN_BLOCKS)));
  layout.finish(drawable.footer);
  doc.end();
  return finished;
}
