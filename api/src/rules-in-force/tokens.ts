/** The rules versions of the process (RulesVersions), built at start with every ruleset loaded once. */
export const ENTITLEMENT_ENGINE = Symbol('ENTITLEMENT_ENGINE');

/** The questionnaire in force today (SurveyVersions): read `.current()` for each request, never kept. */
export const COMPILED_SURVEY = Symbol('COMPILED_SURVEY');

/** The National Living Wage as a dated parameter: the questionnaire's rules compare hourly pay with it. */
export const NATIONAL_LIVING_WAGE = Symbol('NATIONAL_LIVING_WAGE');
