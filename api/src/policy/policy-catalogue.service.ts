import { Injectable } from '@nestjs/common';
import type {
  CouncilSchemeHeld,
  ExtraHelpCatalogue,
  ParameterSummary,
  ParameterView,
  PolicySearchHit,
  RulesetSummary,
  RulesetView,
  UpratingRequest,
  UpratingResponse,
} from '../../../common/policy/model.js';
import { runCases as runEveryCase, readCaseFilesFrom } from '../../../engine/core/cases.js';
import { PolicyCatalogue } from '../../../engine/policy/catalogue.js';
import { councilSchemeHeld } from '../../../engine/policy/council-schemes-held.js';
import { extraHelpCatalogue } from '../../../engine/policy/extra-help-catalogue.js';
import { readCatalogueInputs } from '../../../engine/policy/load-catalogue.js';
import { upratingProposals, UpratingRequestError } from '../../../engine/policy/uprating.js';
import { readSchema } from '../../../engine/schemas/json-schema.js';
import type { SourceFiles } from '../../../engine/source-files.js';
import { ApiError } from '../errors/api-error.js';
import { ChangeSetStore, LATEST } from './change-set-store.js';

/**
 * The law as it is in force today, as the policy workbench (issue 19) shows it: rulesets, parameters and search; next
 * year's values proposed from a percentage; and the household schema for the form a hand-worked case is written in.
 */
@Injectable()
export class PolicyCatalogueService {
  private readonly catalogues = new WeakMap<SourceFiles, Promise<PolicyCatalogue>>();
  private readonly extraHelpCatalogues = new WeakMap<SourceFiles, ExtraHelpCatalogue>();

  constructor(private readonly store: ChangeSetStore) {}

  /** The rules in force today as the workbench shows them; built once per rules version (it runs every case once). */
  private catalogue(): Promise<PolicyCatalogue> {
    const today = this.store.today();
    const version = this.store.versions.versionOn(today);
    let catalogue = this.catalogues.get(version.files);
    if (!catalogue) {
      catalogue = (async () => {
        const { reads } = await runEveryCase(version.engine, readCaseFilesFrom(version.files));
        return new PolicyCatalogue(
          readCatalogueInputs({ parameters: version.engine.parameters, caseReads: reads, date: today, files: version.files }),
        );
      })();
      this.catalogues.set(version.files, catalogue);
    }
    return catalogue;
  }

  /**
   * A council's own Council Tax Reduction scheme for each year held, with every change set published (next year's
   * too): what the form starts next year's from. 404 when the council has none of its own.
   */
  councilScheme(authority: string): CouncilSchemeHeld {
    const held = councilSchemeHeld(this.store.versions.versionOn(LATEST).files, authority);
    if (!held)
      throw new ApiError(
        404,
        'COUNCIL_SCHEME_NOT_HELD',
        'We hold no scheme of its own for this council: the default scheme applies there.',
        [
          {
            path: 'authority',
            message: 'We hold no scheme of its own for this council. Fill in the form from the council’s scheme document.',
          },
        ],
      );
    return held;
  }

  /** The extra help in force today, for the form that adds or changes an item; built once per rules version. */
  extraHelp(): ExtraHelpCatalogue {
    const { files } = this.store.versions.versionOn(this.store.today());
    let found = this.extraHelpCatalogues.get(files);
    if (!found) {
      found = extraHelpCatalogue(files);
      this.extraHelpCatalogues.set(files, found);
    }
    return found;
  }

  async rulesets(): Promise<{ rulesets: RulesetSummary[] }> {
    return { rulesets: (await this.catalogue()).rulesetSummaries() };
  }

  async ruleset(folder: string): Promise<RulesetView> {
    const view = (await this.catalogue()).rulesetView(folder);
    if (!view) throw new ApiError(404, 'RULESET_NOT_FOUND', 'There is no ruleset in that folder.');
    return view;
  }

  async parameters(): Promise<{ parameters: ParameterSummary[] }> {
    return { parameters: (await this.catalogue()).parameterSummaries() };
  }

  async parameter(name: string): Promise<ParameterView> {
    const view = (await this.catalogue()).parameterView(name);
    if (!view) throw new ApiError(404, 'PARAMETER_NOT_FOUND', 'There is no parameter with that name.');
    return view;
  }

  async search(query: string): Promise<{ hits: PolicySearchHit[] }> {
    return { hits: (await this.catalogue()).searchPolicy(query) };
  }

  /** Next year's values for parameters, from a percentage and each one's rounding rule, over everything published. */
  uprating(request: UpratingRequest): UpratingResponse {
    try {
      return upratingProposals(this.store.versions.engineOn(LATEST).parameters, request);
    } catch (error) {
      if (error instanceof UpratingRequestError) throw ApiError.validation([{ path: error.field, message: error.message }]);
      throw error;
    }
  }

  /** The calculation API's household, as a JSON Schema for the workbench's case form (one source: the API's schema). */
  householdSchema(): Record<string, unknown> {
    const schema = readSchema('calculation-request.schema.json') as {
      $schema: string;
      $defs: Record<string, unknown>;
      properties: { household: object };
    };
    return withTitles({ $schema: schema.$schema, $defs: schema.$defs, ...schema.properties.household }) as Record<string, unknown>;
  }
}

/**
 * A schema with a plain title on each property that has none, made from its name ('dateOfBirth' -> 'Date of birth'),
 * so the case form labels its fields in words, with 'X or null' as X and without defaults. The calculation API's own schema is left as it is.
 */
function withTitles(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withTitles);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  // No defaults: the form would fill in parts the household does not have (a self-employment with its start-up
  // switch off); a field left out takes the calculation API's default anyway.
  for (const [key, value] of Object.entries(schema)) if (key !== 'default') copy[key] = withTitles(value);
  // 'X or null': a form leaves the field out for null, so it offers X alone (no unlabelled choice between the two).
  const anyOf = copy.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some((option) => (option as { type?: unknown }).type === 'null')) {
    const [other] = anyOf.filter((option) => (option as { type?: unknown }).type !== 'null') as Record<string, unknown>[];
    delete copy.anyOf;
    Object.assign(copy, other, { description: copy.description ?? other.description });
  }
  const properties = copy.properties;
  if (typeof properties === 'object' && properties !== null) {
    for (const [name, property] of Object.entries(properties as Record<string, Record<string, unknown>>)) {
      if (typeof property === 'object' && property !== null && property.title === undefined) {
        const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
        property.title = words.charAt(0).toUpperCase() + words.slice(1);
      }
    }
  }
  return copy;
}
