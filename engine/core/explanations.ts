import Handlebars from 'handlebars';
import { formatAmount } from '../../common/money.js';
import { Contract } from '../schemas/json-schema.js';

/**
 * A benefit's sentences (`rulesets/<benefit>/explanations.json`): Handlebars templates by key, so policy staff
 * can reword an explanation without touching code. Money in the data is whole pence and printed with `{{money x}}`
 * (£1,234.56), or `{{pounds x}}` for a limit or savings in whole pounds (£16,000); a fraction in basis points with `{{percent x}}` (55%); `{{plural n "child" "children"}}`.
 *
 * ```json
 * { "earnings-taper": "Your earnings above the work allowance of {{money workAllowance}} reduce Universal Credit by {{percent taper}} of each £1." }
 * ```
 */

const handlebars = Handlebars.create();
handlebars.registerHelper('money', (pence: number) => formatAmount(pence));
// A sum of whole pounds without the pence, as GOV.UK writes a limit or savings (£16,000); with pence, as money.
handlebars.registerHelper('pounds', (pence: number) =>
  pence % 100 === 0 ? `${pence < 0 ? '-' : ''}£${Math.abs(pence / 100).toLocaleString('en-GB')}` : formatAmount(pence),
);
handlebars.registerHelper('percent', (basisPoints: number) => `${Number((basisPoints / 100).toFixed(2))}%`);
handlebars.registerHelper('plural', (count: number, one: string, many: string) => (count === 1 ? one : many));

/** The file's shape (templates by key in kebab-case), in `definitions/schemas/explanations.schema.json`. */
const EXPLANATIONS_CONTRACT = Contract.named('explanations.schema.json');

export class ExplanationsError extends Error {
  override name = 'ExplanationsError';
}

export class Explanations {
  private readonly templates: Map<string, Handlebars.TemplateDelegate>;
  /** False for the copy that writes no sentences (`withoutSentences`). */
  private readonly writes: boolean = true;
  private silent: Explanations | undefined;

  constructor(
    readonly file: string,
    texts: Record<string, string>,
    from?: { templates: Map<string, Handlebars.TemplateDelegate> },
  ) {
    if (from) {
      this.templates = from.templates;
      this.writes = false;
      return;
    }
    this.templates = new Map(
      Object.entries(texts).map(([key, text]) => {
        try {
          // Compiled now, so a broken template fails on loading rather than in someone's result.
          const template = handlebars.compile(text, { noEscape: true, strict: true });
          handlebars.precompile(text);
          return [key, template];
        } catch (error) {
          throw new ExplanationsError(`${file}: the template '${key}' does not compile: ${(error as Error).message}`);
        }
      }),
    );
  }

  static fromJson(file: string, text: string): Explanations {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new ExplanationsError(`${file}: invalid JSON: ${(error as Error).message}`);
    }
    const problems = EXPLANATIONS_CONTRACT.problems(json).map(({ message }) => message);
    if (problems.length > 0)
      throw new ExplanationsError(
        `${file} has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
      );
    return new Explanations(file, json as Record<string, string>);
  }

  get keys(): string[] {
    return [...this.templates.keys()];
  }

  /**
   * The same sentences, not written: `say` checks the key and gives ''. A calculation asked without explanations
   * (a batch run) uses it, so Handlebars is not run for sentences nobody reads; the engine then gives no sentences.
   */
  withoutSentences(): Explanations {
    if (!this.writes) return this;
    this.silent ??= new Explanations(this.file, {}, { templates: this.templates });
    return this.silent;
  }

  /** The sentence for `key` with `data`; throws, naming the key, when it is missing or lacks a value it prints. */
  say(key: string, data: Record<string, unknown> = {}): string {
    const template = this.templates.get(key);
    if (!template) throw new ExplanationsError(`${this.file} has no explanation '${key}'.`);
    if (!this.writes) return '';
    try {
      return template(data).replace(/\s+/g, ' ').trim();
    } catch (error) {
      throw new ExplanationsError(`${this.file}: the explanation '${key}' could not be written: ${(error as Error).message}`);
    }
  }
}
