import { ukToday } from '../../../common/dates/uk-today.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { RulesVersions } from '../../../engine/policy/rules-versions.js';
import type { SourceFiles } from '../../../engine/source-files.js';
import { checkSurveyDefinition, definitionFilesOf, SurveyDefinitionError } from './survey-definitions.js';
import { compileSurvey, type CompiledSurvey } from './survey-flow.js';

/**
 * The questionnaire in force today: the definitions' files, with the policy change sets published and in force
 * (a question's text, help or show/hide rule changed in the workbench, issue 19). Compiled once per rules version,
 * and only when a change set is in force: otherwise the questionnaire read at start.
 */
export class SurveyVersions {
  private readonly compiled = new WeakMap<SourceFiles, CompiledSurvey>();

  constructor(
    private readonly rules: Entitlements,
    private readonly fromFiles: CompiledSurvey,
  ) {}

  current(today: string = ukToday()): CompiledSurvey {
    if (!(this.rules instanceof RulesVersions)) return this.fromFiles;
    const version = this.rules.versionOn(today);
    if (version.sets.length === 0) return this.fromFiles;
    let survey = this.compiled.get(version.files);
    if (!survey) {
      const check = checkSurveyDefinition(definitionFilesOf(version.files));
      // A published change set is checked with the questionnaire before it loads, so this does not happen.
      if (!check.survey) throw new SurveyDefinitionError(check.problems);
      survey = compileSurvey(check.survey);
      this.compiled.set(version.files, survey);
    }
    return survey;
  }
}
