// Sucrase comes when the page is idle after the first evaluation result, so the user's first edit rarely waits for
// it, though the starter workspace (transpiled at build time) never needed it. A file of its own: sucrase is
// loaded once per page, and here nothing else loads it.
import { expect, it } from 'vitest';
import { STARTER_TRANSPILED } from 'virtual:pi-starter-transpiled';
import { STARTER_TOOLS } from '../content/examples/index.ts';
import { addPrecompiled, needsTranspiler } from './host/transpile.ts';
import { testSandbox, tsFile } from './testing/helpers.ts';

it('fetches sucrase once idle after evaluating the starter tools, with no edit asking for it', async () => {
  addPrecompiled(STARTER_TRANSPILED);
  const fresh = 'export const edited = 1;';
  expect(needsTranspiler(fresh)).toBe(true);
  const sandbox = testSandbox();
  try {
    const evaluation = await sandbox.evaluate(STARTER_TOOLS.map((tool) => tsFile(tool.id, tool.source)));
    expect(evaluation.tools).toHaveLength(STARTER_TOOLS.length);
    await expect.poll(() => needsTranspiler(fresh), { timeout: 10_000 }).toBe(false);
  } finally {
    sandbox.dispose();
  }
});
