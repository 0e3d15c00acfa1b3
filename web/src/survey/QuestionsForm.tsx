import type { ReactNode } from 'react';
import Form, { type IChangeEvent } from '@rjsf/core';
import type { FieldTemplateProps, ObjectFieldTemplateProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import { isErrorResponse } from '../../../common/errors';
import type { Answers } from '../../../common/survey/model';
import { ApiRequestError } from '../api/client';
import type { SurveyFormContext } from './form-context';
import type { PageUiOptions } from './page-schema';
import { formValidator, loadFormValidator } from './form-validator';
import { QUESTION_FIELDS } from './questions/fields';

/**
 * The rjsf form of a page of questions in the questionnaire's format: the survey's pages and the better-off
 * questions on the results page. Each question renders itself (QUESTION_FIELDS); checks are ours (common/survey),
 * so rjsf's own validation and error list are off; its validator (form-validator.ts) is @rjsf/validator-ajv8,
 * fetched when the visitor first answers, so it is never part of the page's first load.
 */

function FieldTemplate({ children }: FieldTemplateProps) {
  return children;
}

/** One block per field group that has a shown question, inside the page's card. */
function CardTemplate({ properties, uiSchema }: ObjectFieldTemplateProps) {
  return <div className="survey-card">{fieldGroups(properties, uiSchema)}</div>;
}

/** The field groups alone, for questions inside a card of the page around them. */
function PlainTemplate({ properties, uiSchema }: ObjectFieldTemplateProps) {
  return <>{fieldGroups(properties, uiSchema)}</>;
}

function fieldGroups(properties: ObjectFieldTemplateProps['properties'], uiSchema: ObjectFieldTemplateProps['uiSchema']) {
  const groups = (uiSchema?.['ui:options'] as PageUiOptions | undefined)?.groups ?? [properties.map((property) => property.name)];
  const content = new Map(properties.map((property) => [property.name, property.content]));
  // Keyed by the group's first shown question, not by all of them: a question that appears below the one just
  // answered (ticking 'Employed' shows the hours and pay) must not re-create the group, which would drop the
  // keyboard focus from the box just ticked back to the top of the page.
  return groups.map((names) => (
    <div className="field-group" key={names[0]}>
      {names.map((name) => content.get(name))}
    </div>
  ));
}

/** A failed fetch is not the visitor's problem: page-validator goes on answering (form-validator.ts). */
const fetchValidator = () => void loadFormValidator().catch(() => undefined);

const CARD_TEMPLATES = { FieldTemplate, ObjectFieldTemplate: CardTemplate };
const PLAIN_TEMPLATES = { FieldTemplate, ObjectFieldTemplate: PlainTemplate };

interface Props {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  answers: Answers;
  formContext: SurveyFormContext;
  /** Draw the questions in a card of their own (the survey page) rather than in the card around them. */
  inCard: boolean;
  onChange(event: IChangeEvent, id?: string): void;
  onSubmit(): void;
  /** The buttons. */
  children: ReactNode;
}

export function QuestionsForm({ schema, uiSchema, answers, formContext, inCard, onChange, onSubmit, children }: Props) {
  return (
    <Form
      className="survey-form"
      schema={schema}
      uiSchema={uiSchema}
      formData={answers}
      formContext={formContext}
      fields={QUESTION_FIELDS}
      templates={inCard ? CARD_TEMPLATES : PLAIN_TEMPLATES}
      validator={formValidator}
      noHtml5Validate
      noValidate
      showErrorList={false}
      experimental_componentUpdateStrategy="always"
      onChange={(event, id) => {
        fetchValidator();
        onChange(event, id);
      }}
      onSubmit={() => {
        fetchValidator();
        onSubmit();
      }}
    >
      {children}
    </Form>
  );
}

/** The field errors of a 400 answer, when every one names one of the questions asked; null for any other failure. */
export function questionErrors(error: unknown, questionNames: Iterable<string>): Record<string, string> | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400 || !isErrorResponse(error.errorBody)) return null;
  const names = new Set(questionNames);
  const fieldErrors = error.errorBody.errors;
  if (fieldErrors.length === 0 || fieldErrors.some((fieldError) => !names.has(fieldError.path))) return null;
  const errors: Record<string, string> = {};
  for (const fieldError of fieldErrors) errors[fieldError.path] ??= fieldError.message;
  return errors;
}
