/**
 * Which contract validation key (`validation.*`) a field of a form breaks, from the contract's zod
 * schema. Shared by the antd forms (zod-rules) and the antd-free login form; no UI library here.
 */
import type { z } from 'zod';

type Issue = { path: PropertyKey[]; message?: string };
type CheckLike = {
  _zod?: { check?: (payload: { value: unknown; issues: Issue[] }) => unknown; def?: { error?: (issue: unknown) => unknown } };
};

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
 * The validation key `field` breaks given all the form's `values`, or undefined: the field's own
 * schema first, then the object's cross-field refinements with all values.
 */
export function fieldIssue(schema: z.ZodType, field: string, values: Record<string, unknown>): string | undefined {
  const value = values[field];
  const own = shapeOf(schema)?.[field];
  if (own) {
    const res = own.safeParse(value);
    if (!res.success) return res.error.issues[0]?.message ?? 'validation.invalid';
  }
  const cross = crossFieldIssue(schema, values, field);
  if (cross) return cross;
  if (!own) {
    const res = schema.safeParse(values);
    const hit = res.success ? undefined : firstIssueAt(res.error.issues, field);
    if (hit) return hit.message ?? 'validation.invalid';
  }
  return undefined;
}
