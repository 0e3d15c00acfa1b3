import type { RJSFSchema } from '@rjsf/utils';
import { formValidator, loadFormValidator } from './form-validator';

// `minimum` is a keyword page schemas never hold: page-validator.ts refuses it, @rjsf/validator-ajv8 checks it.
const withMinimum: RJSFSchema = { type: 'object', properties: { children: { type: 'integer', minimum: 0 } } };

describe('the questionnaire forms’ validator', () => {
  it('answers with the page-schema validator until @rjsf/validator-ajv8 has arrived, then with ajv', async () => {
    expect(() => formValidator.isValid(withMinimum, { children: -1 }, withMinimum)).toThrow(
      /does not support the schema keyword 'minimum'/,
    );
    await loadFormValidator();
    expect(formValidator.isValid(withMinimum, { children: -1 }, withMinimum)).toBe(false);
    expect(formValidator.isValid(withMinimum, { children: 2 }, withMinimum)).toBe(true);
    expect(formValidator.validateFormData({ children: -1 }, withMinimum).errors[0]?.name).toBe('minimum');
  });

  it('fetches the validator once', async () => {
    expect(loadFormValidator()).toBe(loadFormValidator());
    await loadFormValidator();
  });
});
