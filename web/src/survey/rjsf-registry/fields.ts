import type { FieldProps, RegistryFieldsType } from '@rjsf/utils';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';

/**
 * The built app's stand-in for @rjsf/core's default fields (web/vite.config.ts puts it in place of
 * `@rjsf/core/lib/components/fields/index.js`). A questionnaire page is an object whose every property is drawn by
 * its question type's own field (page-schema.ts sets `ui:field`; questions/fields.tsx), so of rjsf's fields only the
 * object and the schema dispatcher are ever drawn; the rest (arrays, oneOf, layout grids...) were about a sixth of
 * the survey page's first-load JavaScript. Jest's tests run with rjsf's full set.
 */
function FallbackField({ fieldPathId, schema }: FieldProps): never {
  throw new Error(
    `The questionnaire form has no field for '${fieldPathId.$id}' (schema type ${JSON.stringify(schema.type)}): every question ` +
      `needs its question type's 'ui:field' (web/src/survey/page-schema.ts).`,
  );
}

export default function fields(): RegistryFieldsType {
  return { ObjectField, SchemaField, FallbackField } as unknown as RegistryFieldsType;
}
