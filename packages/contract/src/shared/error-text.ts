/**
 * A catalogue text with its placeholders filled from the error's params: `{name}`, and
 * `{n|one|other}`, the English singular or plural after a number (issue 11 §3: "1 attempts").
 * A placeholder without a param is left empty.
 */
export function fillErrorText(template: string, params: Record<string, string | number> = {}): string {
  return template
    .replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (_, k: string, one: string, other: string) => (Number(params[k]) === 1 ? one : other))
    .replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : ''));
}
