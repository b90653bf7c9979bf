import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeProblem {
  rule: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.1 A/AA rules) on the page as it stands and returns the serious and
 * critical violations, each with the elements at fault, so a failing test names them.
 */
export async function seriousAccessibilityProblems(page: Page): Promise<AxeProblem[]> {
  // Colours measured mid-transition (a label shrinking once a value loads, a page fading in) are
  // not the page's colours: wait until no finite animation or transition has run for a moment,
  // since one may start after another ends (bounded, so a looping one cannot hold the check).
  await page.evaluate(async () => {
    const running = () =>
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const deadline = performance.now() + 5_000;
    let quietSince = performance.now();
    while (performance.now() < deadline) {
      const animations = running();
      if (animations.length > 0) {
        await Promise.all(animations.map((animation) => animation.finished.catch(() => undefined)));
        quietSince = performance.now();
      } else if (performance.now() - quietSince >= 400) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  // Evaluated through the DevTools protocol, so the page's CSP (script-src 'self') allows it.
  // Once per document: a walk that moves inside the app keeps it (each evaluation of its half
  // megabyte costs the renderer about a fifth of a CPU-second).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })) as {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; html: string; failureSummary?: string }[];
      }[];
    };
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map(
        (node) =>
          `${node.target.map(String).join(' ')} ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`,
      ),
    }));
  });
  return violations.filter(
    (problem) => problem.impact === 'serious' || problem.impact === 'critical',
  );
}
