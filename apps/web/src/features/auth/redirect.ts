/** Only same-app paths under the layout may be returned to after login (no open redirects). */
export function safeRedirect(target: string | null): string | null {
  if (!target || !target.startsWith('/layout') || target.startsWith('//')) return null;
  return target;
}
