// Shared steps for the sandbox fault probes: an echo tool with a probe body, Try it, and a main-thread watch.
import { expect, type Page } from '@playwright/test';
import { openApp, replaceEditorText, selectTool } from './support.ts';

/** Module code that captures the worker's port to the host (and the running call's id) from a console.log. */
export const STEAL_PORT = `
function stealPort() {
  const original = MessagePort.prototype.postMessage;
  let port, callId;
  MessagePort.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === "log" && !port) { port = this; callId = message.callId; }
    return original.call(this, message, ...rest);
  };
  console.log("stealing");
  MessagePort.prototype.postMessage = original;
  return { port, callId };
}
`;

/** An `echo` tool whose execute body is `body` (with `args`, `signal`, `onUpdate` and `stealPort()` in scope). */
export function echoTool(body: string, top = ''): string {
  return `import { Type } from "@earendil-works/pi-ai";
${STEAL_PORT}
${top}
export default {
  name: "echo",
  label: "Echo",
  description: "Probe tool.",
  parameters: Type.Object({ text: Type.String() }, { additionalProperties: true }),
  async execute(_toolCallId, args, signal, onUpdate) {
${body}
  },
};
`;
}

export const result = (page: Page) => page.getByTestId('try-it-result');
export const resultText = (page: Page) => page.getByTestId('try-it-text');

/** Opens the app with the echo tool replaced by `source` and Try it open. */
export async function withEcho(page: Page, source: string): Promise<void> {
  await openApp(page);
  await selectTool(page, 'echo');
  await replaceEditorText(page, source);
  await page.getByTestId('try-it-toggle').click();
}

export async function tryEcho(page: Page, args: object): Promise<void> {
  await page.getByTestId('try-it-args').fill(JSON.stringify(args));
  await page.getByTestId('try-it-run').click();
}

/** How long the main thread was blocked at most while `during` ran (a 50 ms heartbeat's worst gap). */
export async function worstPause(page: Page, during: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __gap: number; __beat: ReturnType<typeof setInterval> };
    let last = performance.now();
    w.__gap = 0;
    w.__beat = setInterval(() => { const now = performance.now(); w.__gap = Math.max(w.__gap, now - last); last = now; }, 50);
  });
  await during();
  return page.evaluate(() => {
    const w = window as unknown as { __gap: number; __beat: ReturnType<typeof setInterval> };
    clearInterval(w.__beat);
    return w.__gap;
  });
}

/** The echo tool answers again: the sandbox works after the fault. */
export async function nextRunWorks(page: Page): Promise<void> {
  await tryEcho(page, { text: 'again' });
  await expect(resultText(page)).toHaveText('fine: again', { timeout: 20_000 });
}

export const FINE = 'return { content: [{ type: "text", text: "fine: " + args.text }], details: {} };';

/** Top-level code that fills the heap until the engine gives up. */
export const MEMORY_HOG = 'const hog = []; while (true) hog.push(new Array(1e6).fill(1.5));\n';


/**
 * Waits for `survived` (what the app shows when the sandbox was stopped in time) and says how the browser took a
 * sandbox that filled its heap. Chromium ends the renderer process that hosts an exhausted worker: where the
 * sandbox shares the page's process, the tab goes down with it, unless the host's deadline stopped the worker
 * first (on a busy machine the heap fills more slowly than the deadline runs out). Either is an outcome the app
 * must handle; the callers check what the user then finds.
 */
export async function outcomeOfExhaustion(page: Page, survived: () => Promise<void>): Promise<'survived' | 'crashed'> {
  let crashed = false;
  page.once('crash', () => { crashed = true; });
  try {
    await survived();
    return 'survived';
  } catch (error) {
    // A pending expectation fails with "Page crashed" about when the event comes: give the event a moment.
    for (let i = 0; i < 10 && !crashed; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    if (crashed) return 'crashed';
    throw error;
  }
}

/**
 * Runs the echo tool with "hog" (its execute fills the heap) and checks what the user finds: the call stopped and
 * named with the page up, or, where the tab went down, a next load with the tool as edited that runs again.
 */
export async function expectExhaustionHandled(page: Page): Promise<void> {
  await tryEcho(page, { text: 'hog' });
  const outcome = await outcomeOfExhaustion(page, async () => {
    await expect(result(page)).toHaveAttribute('data-ok', 'false', { timeout: 30_000 });
    await expect(resultText(page)).toContainText('the sandbox was stuck');
  });
  if (outcome === 'survived') return nextRunWorks(page);
  const next = await page.context().newPage();
  await openApp(next);
  await selectTool(next, 'echo');
  await expect(next.getByTestId('editor')).toContainText('args.text === "hog"');
  // Try it stays open across loads (a view option), as it was when the tab went down.
  const toggle = next.getByTestId('try-it-toggle');
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await nextRunWorks(next);
}
