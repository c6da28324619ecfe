/**
 * Reuse the contract's zod schemas as antd Form rules. Contract messages are i18n keys
 * (`validation.*`); they are translated here, in the current locale.
 */
import type { FormInstance, FormRule } from 'antd';
import { useEffect } from 'react';
import type { z } from 'zod';
import { i18n } from '../i18n';
import { translateValidation } from '../i18n/validation';

type Issue = { path: PropertyKey[]; message?: string };
type CheckLike = { _zod?: { check?: (payload: { value: unknown; issues: Issue[] }) => unknown; def?: { error?: (issue: unknown) => unknown } } };

/** Translate a validation key; anything that is not a known key becomes the generic message. */
export const translateIssue = translateValidation;

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  return shape && typeof shape === 'object' ? shape : undefined;
}

function firstIssueAt(issues: readonly Issue[], field: string): Issue | undefined {
  return issues.find((i) => String(i.path[0]) === field);
}

/**
 * Object-level refinements (e.g. "confirm must match") run only when the whole object parses,
 * so a form with other fields still empty would never show them. Run them on the form values directly.
 */
function crossFieldIssue(schema: z.ZodType, values: Record<string, unknown>, field: string): string | undefined {
  const checks = (schema as unknown as { _zod?: { def?: { checks?: CheckLike[] } } })._zod?.def?.checks;
  if (Array.isArray(checks)) {
    for (const check of checks) {
      const run = check._zod?.check;
      if (!run) continue;
      const payload = { value: values, issues: [] as Issue[] };
      try {
        run(payload);
      } catch {
        continue;
      }
      const hit = firstIssueAt(payload.issues, field);
      if (hit) {
        if (hit.message) return hit.message;
        const err = check._zod?.def?.error?.(hit);
        if (typeof err === 'string') return err;
        if (err && typeof err === 'object' && 'message' in err) return String((err as { message: unknown }).message);
        return undefined;
      }
    }
    return undefined;
  }
  const res = schema.safeParse(values);
  return res.success ? undefined : firstIssueAt(res.error.issues, field)?.message;
}

/**
 * An antd rule validating `field` with the contract `schema` (an object schema, possibly refined).
 * The field's own schema is checked first, then the object's cross-field refinements with all values.
 */
export function zodRule(schema: z.ZodType, field: string): FormRule {
  return (form) => ({
    validator: async (_rule, value) => {
      const own = shapeOf(schema)?.[field];
      if (own) {
        const res = own.safeParse(value);
        if (!res.success) throw new Error(translateIssue(res.error.issues[0]?.message));
      }
      const values = { ...(form.getFieldsValue(true) as Record<string, unknown>), [field]: value };
      const cross = crossFieldIssue(schema, values, field);
      if (cross) throw new Error(translateIssue(cross));
      if (!own) {
        const res = schema.safeParse(values);
        const hit = res.success ? undefined : firstIssueAt(res.error.issues, field);
        if (hit) throw new Error(translateIssue(hit.message));
      }
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
