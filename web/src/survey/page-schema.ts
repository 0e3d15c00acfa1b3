import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { questionTypeName } from '../../../common/survey/answers';
import { councilAnswersOf } from '../../../common/survey/council-tax-band';
import { UK_COUNTRIES, type FieldGroupView, type QuestionTypeName, type QuestionView } from '../../../common/survey/model';

/**
 * The JSON Schema and uiSchema of one questionnaire page, for @rjsf/core. Only shown questions are in it, in
 * page order; each one is drawn by the custom field registered under its question type's name (`ui:field`).
 * The answers stay flat, keyed by question name, exactly as the survey POST sends them.
 */
export interface PageSchema {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

/** What `ui:options` holds at the top of the page's uiSchema: the field groups, as lists of shown question names. */
export interface PageUiOptions {
  groups: string[][];
}

const nullable = (type: 'number' | 'string') => ({ type: [type, 'null'] as ('number' | 'string' | 'null')[] });

function schemaFor(question: QuestionView, type: QuestionTypeName): RJSFSchema {
  const title = question.text;
  const values = (question.options ?? []).map((option) => option.value);
  switch (type) {
    case 'Radio':
    case 'Select':
      return { type: 'string', title, enum: ['', ...values] };
    case 'Text':
      return { type: 'string', title, ...(question.pattern ? { pattern: question.pattern } : {}) };
    case 'Date':
      return { type: 'string', title, pattern: '^(\\d{2}/\\d{2}/\\d{4})?$' };
    case 'Check':
      return { type: 'array', title, items: { type: 'string', enum: values }, uniqueItems: true };
    case 'Postcode':
      return {
        type: 'object',
        title,
        properties: {
          postcode: { type: 'string' },
          authority: { type: 'string' },
          authorityCode: { type: 'string' },
          country: { type: 'string', enum: ['', ...UK_COUNTRIES] },
          latitude: nullable('number'),
          longitude: nullable('number'),
          option: { type: 'boolean' },
        },
      };
    case 'Money':
      return {
        type: 'object',
        title,
        properties: {
          weekly: nullable('number'),
          monthly: nullable('number'),
          yearly: nullable('number'),
          period: { type: 'string', enum: ['', 'Weekly', 'Monthly', 'Yearly'] },
        },
      };
    case 'Label':
      return { type: 'null', title };
    case 'Council':
      // The bands of the postcode's nation (a looked-up band too) and the other options, such as 'I don't know'.
      return { type: 'string', title, enum: ['', ...councilAnswersOf(question.options, question.country)] };
  }
}

/**
 * Builds the page's schemas from its field groups and which questions are shown now. Pure: the same questions
 * and show flags always give the same schemas, so the form is rebuilt only when something shown changes.
 */
export function buildPageSchema(fields: readonly FieldGroupView[], shown: Readonly<Record<string, boolean>>): PageSchema {
  const properties: Record<string, RJSFSchema> = {};
  const required: string[] = [];
  const uiSchema: UiSchema = {};
  const order: string[] = [];
  const groups: string[][] = [];
  for (const group of fields) {
    const names: string[] = [];
    for (const question of group.questions) {
      if (!(shown[question.name] ?? question.show)) continue;
      const type = questionTypeName(question.questionType);
      properties[question.name] = schemaFor(question, type);
      if (question.required && type !== 'Label') required.push(question.name);
      const options = question.options ?? [];
      uiSchema[question.name] = {
        'ui:field': type,
        ...(options.length > 0 && (type === 'Radio' || type === 'Select' || type === 'Council')
          ? { 'ui:enumNames': ['', ...options.map((option) => option.text)] }
          : {}),
      };
      order.push(question.name);
      names.push(question.name);
    }
    if (names.length > 0) groups.push(names);
  }
  uiSchema['ui:order'] = order;
  uiSchema['ui:options'] = { groups } satisfies PageUiOptions;
  return { schema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) }, uiSchema };
}
