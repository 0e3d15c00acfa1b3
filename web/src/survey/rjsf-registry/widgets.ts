import type { RegistryWidgetsType } from '@rjsf/utils';

/**
 * The built app's stand-in for @rjsf/core's default widgets (web/vite.config.ts puts it in place of
 * `@rjsf/core/lib/components/widgets/index.js`): the questionnaire's fields (questions/fields.tsx) draw their own
 * controls and use none of rjsf's widgets, so none is shipped. rjsf names a missing widget in its own error.
 */
export default function widgets(): RegistryWidgetsType {
  return {};
}
