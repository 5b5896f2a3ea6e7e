// axe-core run in the page itself: injected once per document and told not to descend into frames. The page's only
// frame is the tool sandbox (aria-hidden, 0×0, a bootstrap script and no content). @axe-core/playwright injected axe
// into that frame too and finished every scan in a fresh page: about 2.3 s a scan here, against 0.45 s this way, and
// the e2e suite runs some seventy scans.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Finding { id: string; impact: string | null; help: string; targets: string[]; count: number }

async function scan(page: Page, scope: string | undefined): Promise<Finding[]> {
  // evaluate() runs the source as a script through the debugging protocol, so the page's CSP does not block it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Scan the page as it settles, not halfway through a dialog's fade-in (its text is faint until it ends). Endless
  // animations (the editor's caret) are left running.
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined))));
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const results = await axe.run(include ?? document, { resultTypes: ['violations'], iframes: false });
    return results.violations.map((v) => ({
      id: v.id, impact: v.impact ?? null, help: v.help, count: v.nodes.length,
      targets: v.nodes.slice(0, 3).map((n) => n.target.map(String).join(' ')),
    }));
  }, scope);
}

/** Serious and critical violations in the page, or only inside `scope` (a CSS selector), one line each. */
export async function seriousViolations(page: Page, scope?: string, where?: string): Promise<string[]> {
  return (await scan(page, scope))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where ? `${where} — ` : ''}${v.id}: ${v.help} (${v.targets.join(', ')})`);
}

/** Every violation inside `scope`, whatever its impact, one line each with the number of nodes at fault. */
export async function allViolations(page: Page, scope: string): Promise<string[]> {
  return (await scan(page, scope)).map((v) => `${v.id}: ${v.help} (${v.count})`);
}
