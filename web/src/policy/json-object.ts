/** A JSON object (not an array or null), as the workbench's forms read the rules' files. No imports: test/policy/ reads it under Node too. */
export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
