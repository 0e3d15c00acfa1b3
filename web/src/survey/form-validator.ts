import type { ValidatorType } from '@rjsf/utils';
import { pageValidator } from './page-validator';

/**
 * The questionnaire forms' rjsf validator: @rjsf/validator-ajv8, fetched when the visitor first answers or continues,
 * so a phone's first load does not carry ajv's schema compiler (about 40 KB gzipped of the survey page's JavaScript).
 *
 * The forms run with `noValidate` (the answers are checked by common/survey/validation), so rjsf asks its validator
 * only to resolve conditional schemas, which page schemas never have. Until ajv arrives, page-validator.ts answers:
 * it checks exactly the keywords page-schema.ts writes, agrees with ajv (page-validator.test.ts) and refuses any
 * other keyword loudly.
 */

let ajv: ValidatorType | null = null;
let loading: Promise<ValidatorType> | null = null;

/** Fetches @rjsf/validator-ajv8 (once); the forms call it on the visitor's first answer. */
export function loadFormValidator(): Promise<ValidatorType> {
  loading ??= import('@rjsf/validator-ajv8').then(
    (module) => (ajv = module.default),
    (error: unknown) => {
      loading = null; // Offline for a moment: the next form tries again, and page-validator answers meanwhile.
      throw error;
    },
  );
  return loading;
}

const current = (): ValidatorType => ajv ?? pageValidator;

/** One object for rjsf (its schema utilities are built for a validator once), answering with whichever is loaded. */
export const formValidator: ValidatorType = {
  validateFormData: (formData, schema, customValidate, transformErrors, uiSchema) =>
    current().validateFormData(formData, schema, customValidate, transformErrors, uiSchema),
  isValid: (schema, formData, rootSchema) => current().isValid(schema, formData, rootSchema),
  rawValidation: (schema, formData) => current().rawValidation(schema, formData),
  reset: () => current().reset?.(),
};
