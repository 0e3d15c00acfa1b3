import type { TopLevelCondition } from 'json-rules-engine';
import type { Country } from '../household.js';

/**
 * Extra help (the results page's 'Extra help for you' section): schemes outside the benefits the engine works
 * out (social tariffs, grants, discounts, free school meals...), held as data in `definitions/extra-help/` so
 * policy staff add or change a scheme without touching TypeScript. See definitions/extra-help/README.md.
 */

export interface ExtraHelpSource {
  title: string;
  url: string;
}

/** One scheme, shown under its category when its nations include the household's and its condition holds. */
export interface ExtraHelpItem {
  /** Stable id, kebab-case, unique across every category. */
  name: string;
  title: string;
  /** Plain English: what it is and roughly how much. */
  text: string;
  /** The heading of the expandable help text; 'How to access support' when not given. */
  howToAccessTitle?: string;
  /** Who to contact and how to apply. */
  howToAccess: string;
  nations: Country[];
  /** json-rules-engine condition over the extra-help facts (EXTRA_HELP_FACTS). */
  condition: TopLevelCondition;
  source: ExtraHelpSource;
  /** What the scheme comes to for this household, said after the text when it is above nil. */
  forHousehold?: ExtraHelpHouseholdAmount;
}

/**
 * A scheme's amount for the household: the sum of each rate (a parameter) times a count of the household (a number
 * fact), written into `text` at `{{amount}}`: Best Start Foods' rate for each baby and for each child aged 1 or 2.
 */
export interface ExtraHelpHouseholdAmount {
  text: string;
  amount: { parameter: string; times: string }[];
}

export interface ExtraHelpCategory {
  /** Kebab-case; the file is `categories/<name>.json`. */
  name: string;
  title: string;
  items: ExtraHelpItem[];
}

/** A result variable the results page reads (the Warm Homes Network flag): 1 when its condition holds, else 0. */
export interface ExtraHelpVariable {
  /** SCREAMING_SNAKE_CASE, as the contract's variables (BENEFIT_CAP_APPLIES). */
  name: string;
  description: string;
  nations: Country[];
  condition: TopLevelCondition;
  source: ExtraHelpSource;
}

/** `definitions/extra-help/extra-help.json`: the categories in the order they are shown, and the variables. */
export interface ExtraHelpIndex {
  description: string;
  categories: string[];
  variables: ExtraHelpVariable[];
}

export interface ExtraHelpDefinitions {
  categories: ExtraHelpCategory[];
  variables: ExtraHelpVariable[];
}

/** A file as the loader reads it: its path under `definitions/extra-help/` and its text. */
export interface ExtraHelpFile {
  path: string;
  text: string;
}

/** One problem in the definitions: the file, the JSON path in it, and what is wrong. */
export interface ExtraHelpProblem {
  file: string;
  path: string;
  message: string;
}

/** An item offered to a household: its category, name, title, text and help text, as the results page shows them. */
export interface ExtraHelpOffer {
  category: string;
  name: string;
  title: string;
  text: string;
  howToAccessTitle: string;
  howToAccess: string;
  source: ExtraHelpSource;
}

export interface ExtraHelpCategoryOffered {
  name: string;
  title: string;
  items: ExtraHelpOffer[];
}
