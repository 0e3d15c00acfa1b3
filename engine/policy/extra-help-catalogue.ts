import type { ExtraHelpCatalogue, ExtraHelpFactChoice } from '../../common/policy/model.js';
import { readExtraHelpDefinitions } from '../extra-help/definitions.js';
import { EXTRA_HELP_FACTS, type ExtraHelpFactDefinition } from '../extra-help/facts.js';
import { EXTRA_HELP_FOLDER } from '../load.js';
import { filesUnder, type SourceFiles } from '../source-files.js';

/**
 * The extra help as the workbench's form edits it (issue 30, point 3): each category with its items as the files
 * hold them, and the facts a condition may name, in words, money in pounds where the fact holds pence.
 */
export function extraHelpCatalogue(files: SourceFiles): ExtraHelpCatalogue {
  const definitions = readExtraHelpDefinitions(filesUnder(files, EXTRA_HELP_FOLDER));
  return {
    categories: definitions.categories.map(({ name, title, items }) => ({
      name,
      title,
      items: items.map((item) => ({ ...item, condition: item.condition as unknown as Record<string, unknown> })),
    })),
    facts: Object.entries(EXTRA_HELP_FACTS as Record<string, ExtraHelpFactDefinition>).map(([name, definition]): ExtraHelpFactChoice => {
      const pounds = definition.type === 'number' && name.endsWith('Pence');
      return {
        name,
        type: definition.type,
        values: definition.values?.map((value) => ({ value, text: valueInWords(value) })) ?? null,
        label: LABELS[name] ?? plainLabel(definition.meaning, pounds),
        pounds,
      };
    }),
  };
}

/**
 * A fact's meaning for a policy officer: money in pounds, a rate's file named by its value alone, and no list of the
 * codes a text fact takes (the form offers them in words).
 */
function plainLabel(meaning: string, pounds: boolean): string {
  let label = pounds ? meaning.replace(/in pence/g, 'in pounds') : meaning;
  label = label.replace(/\((?:[a-z_]+\/)+[a-z_]+: ([^)]*)\)/g, '($1)').replace(/; null when [^.]*/, '');
  return label.replace(/(?::| \()\s*[A-Z][A-Z_]+,.*$/, '.');
}

/** Where the meaning is written for the definitions' authors (it names another fact), the words for the form. */
const LABELS: Record<string, string> = {
  earnedIncomeYearlyPence:
    "The claimant's and partner's take-home pay and self-employed profit after tax and National Insurance, in pounds a year.",
};

/** A code a text fact takes, in words: NORTHERN_IRELAND is Northern Ireland, PRIVATE_RENT Private rent. */
function valueInWords(code: string): string {
  if (code === 'NORTHERN_IRELAND') return 'Northern Ireland';
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
