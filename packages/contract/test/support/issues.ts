import { firstIssueKey } from '../../src/shared/validators';

/** The message key of a value's first issue, or null when the schema accepts it. */
export const key = firstIssueKey;

/** All issues of a failed parse as `path:message`, for compact assertions. */
export function issues(
  schema: { safeParse(x: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error!.issues.map((i) => `${i.path.map(String).join('.')}:${i.message}`);
}
