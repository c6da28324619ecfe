/**
 * axe (WCAG 2.1 A/AA rules, @axe-core/playwright) on the page as it is now. Issue 11 §3: no serious or
 * critical violation on any screen, in either locale. Used by the route sweep (specs/app/a11y.spec.ts)
 * and by module specs on the screens they open (lists, expanded rows, dialogs).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeFinding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

export interface AxeOptions {
  /**
   * Selectors left out of the analysis. A sandboxed iframe without scripts (a mail's HTML in the
   * outbox) must be: axe cannot run inside it, and trying stalls the analysis.
   */
  exclude?: string[];
}

/**
 * Waits (up to 5 s) for the page's finite CSS animations and transitions to end: a dialog fading out
 * while the next one opens would otherwise be measured half transparent (colour contrast of a frame
 * no user reads). Endless ones (spinners) are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** The serious and critical violations on `page`, each labelled with `label` (the screen's name in a report). */
export async function axeFindings(page: Page, label: string, opts: AxeOptions = {}): Promise<AxeFinding[]> {
  await settleAnimations(page);
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of opts.exclude ?? []) builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      page: label,
      rule: v.id,
      impact: v.impact!,
      help: v.help,
      // The selector and, for contrast, the colours axe measured.
      targets: v.nodes.slice(0, 5).map((n) => {
        const d = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        return `${n.target.join(' ')}${d?.fgColor ? ` (${d.fgColor} on ${d.bgColor}, ${d.contrastRatio}:1)` : ''}`;
      }),
    }));
}

/** One line per finding with its selectors below, for an assertion message or a report file. */
export function axeReport(findings: readonly AxeFinding[]): string {
  return findings.map((f) => `${f.page}: [${f.impact}] ${f.rule} (${f.help})\n    ${f.targets.join('\n    ')}`).join('\n');
}

/** Fail (softly: the spec goes on to its next screen) when the screen has a serious or critical violation. */
export async function expectAccessible(page: Page, label: string, opts: AxeOptions = {}): Promise<void> {
  const findings = await axeFindings(page, label, opts);
  expect.soft(findings, axeReport(findings)).toEqual([]);
}
