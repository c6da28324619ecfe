/**
 * Reuse the contract's zod schemas as antd Form rules. Contract messages are i18n keys
 * (`validation.*`); they are translated here, in the current locale.
 */
import type { FormInstance, FormRule } from 'antd';
import { useEffect } from 'react';
import type { z } from 'zod';
import { i18n } from '../i18n';
import { translateValidation } from '../i18n/validation';
import { fieldIssue } from './schema-issues';

/** Translate a validation key; anything that is not a known key becomes the generic message. */
export const translateIssue = translateValidation;

/**
 * An antd rule validating `field` with the contract `schema` (an object schema, possibly refined).
 * The field's own schema is checked first, then the object's cross-field refinements with all values.
 */
export function zodRule(schema: z.ZodType, field: string): FormRule {
  return (form) => ({
    validator: async (_rule, value) => {
      const values = { ...(form.getFieldsValue(true) as Record<string, unknown>), [field]: value };
      const issue = fieldIssue(schema, field, values);
      if (issue) throw new Error(translateIssue(issue));
    },
  });
}

/** Rules for every field of a schema: `rules.email`, `rules.password`, ... */
export function zodRules<K extends string>(schema: z.ZodType, fields: readonly K[]): Record<K, FormRule[]> {
  return Object.fromEntries(fields.map((f) => [f, [zodRule(schema, f)]])) as Record<K, FormRule[]>;
}

/** Re-validate fields that show an error when the language changes, so messages follow the locale. */
export function useRevalidateOnLocaleChange(form: FormInstance): void {
  useEffect(() => {
    const handler = () => {
      const withErrors = form
        .getFieldsError()
        .filter((f) => f.errors.length > 0)
        .map((f) => f.name);
      if (withErrors.length) void form.validateFields(withErrors).catch(() => undefined);
    };
    i18n.on('languageChanged', handler);
    return () => {
      i18n.off('languageChanged', handler);
    };
  }, [form]);
}
