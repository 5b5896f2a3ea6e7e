// Fault probes for the sandbox, in real Chromium over the built app: tool code that takes the worker's port and
// posts past the worker's limits, calls that ignore Stop, leftover timers, self.close(), a thrown Proxy, memory
// exhausted in the sandbox (the tab goes down: the next load starts safe), and long tool-call arguments recorded.
// Each test says what the user gets: the fault refused cleanly, or the app degraded in a named way.
import { expect, test, type Page } from '@playwright/test';
import { createStarterWorkspace } from '../../src/content/examples/index.ts';
import {
  echoTool, expectExhaustionHandled, FINE, MEMORY_HOG, nextRunWorks, outcomeOfExhaustion, result, resultText, tryEcho, withEcho, worstPause,
} from './sandbox-probes.ts';
import { openApp, selectTool } from './support.ts';

test.describe('forged messages on the worker\'s port', () => {
  test('a forged 60 MB result → refused cleanly', async ({ page }) => {
    await withEcho(page, echoTool(`
    if (args.text === "forge") {
      const { port, callId } = stealPort();
      port.postMessage({ type: "settled", id: callId, outcome: { ok: true, value: { content: [{ type: "text", text: "x".repeat(60e6) }] } } });
      await new Promise(() => {});
    }
    ${FINE}`));
    await tryEcho(page, { text: 'forge' });
    await expect(result(page)).toHaveAttribute('data-ok', 'false', { timeout: 20_000 });
    await expect(resultText(page)).toContainText('The answer of Tool "echo" is too large to leave the sandbox (the limit is 8.0 MB); the app refused it');
    await nextRunWorks(page);
  });

  test('200,000 forged log messages → degraded: the flooding sandbox is ended, the page stays responsive', async ({ page }) => {
    await withEcho(page, echoTool(`
    if (args.text === "flood") {
      const { port, callId } = stealPort();
      for (let i = 0; i < 200000; i++) port.postMessage({ type: "log", callId, level: "log", text: "spam " + i });
      await new Promise(() => {});
    }
    ${FINE}`));
    const pause = await worstPause(page, async () => {
      await tryEcho(page, { text: 'flood' });
      await expect(resultText(page)).toContainText('Tool "echo": it sent too many log messages', { timeout: 20_000 });
    });
    expect(pause).toBeLessThan(3000);
    await nextRunWorks(page);
  });

  test('a forged answer for a call the host is not waiting for → refused cleanly', async ({ page }) => {
    await withEcho(page, echoTool(`
    const { port, callId } = stealPort();
    port.postMessage({ type: "settled", id: callId + 7, outcome: { ok: true, value: { content: [{ type: "text", text: "forged" }] } } });
    port.postMessage({ type: "evaluated", id: callId, report: { tools: [] } });
    ${FINE}`));
    await tryEcho(page, { text: 'real' });
    await expect(resultText(page)).toHaveText('fine: real');
  });

  test('20,000 forged updates → refused cleanly: the call ends at the host\'s limit', async ({ page }) => {
    await withEcho(page, echoTool(`
    if (args.text === "updates") {
      const { port, callId } = stealPort();
      for (let i = 0; i < 20000; i++) port.postMessage({ type: "update", id: callId, partial: { content: [{ type: "text", text: "u" + i }], details: {} } });
      await new Promise(() => {});
    }
    ${FINE}`));
    await tryEcho(page, { text: 'updates' });
    await expect(resultText(page)).toContainText('Tool "echo" sent more than 10050 updates out of the sandbox; the app ended the call', { timeout: 30_000 });
    await nextRunWorks(page);
  });

  test('a forged message carrying a port → refused cleanly: it never reaches the app', async ({ page }) => {
    await withEcho(page, echoTool(`
    const { port, callId } = stealPort();
    const extra = new MessageChannel();
    port.postMessage({ type: "settled", id: callId, outcome: { ok: true, value: { content: [{ type: "text", text: "via a port" }] } } }, [extra.port1]);
    ${FINE}`));
    await tryEcho(page, { text: 'real' });
    await expect(resultText(page)).toHaveText('fine: real');
  });
});

test.describe('calls that misbehave', () => {
  test('Stop on a call that ignores its signal (sleep(1e9)) → degraded: its sandbox is ended after 1 s, the next run works', async ({ page }) => {
    await withEcho(page, echoTool(`
    if (args.text === "hang") { while (true) await sleep(1e9); }
    ${FINE}`));
    await tryEcho(page, { text: 'hang' });
    await expect(page.getByTestId('try-it-stop')).toBeVisible();
    await page.waitForTimeout(300);
    const stopped = Date.now();
    await page.getByTestId('try-it-stop').click();
    await expect(resultText(page)).toContainText('Tool "echo" was aborted: it did not stop within 1 s of its abort signal', { timeout: 10_000 });
    expect(Date.now() - stopped).toBeLessThan(4000);
    await nextRunWorks(page);
  });

  test('Stop on an endless synchronous loop → degraded: ended after the 1 s grace, not the 5 s timeout', async ({ page }) => {
    await withEcho(page, echoTool(`
    if (args.text === "spin") { await sleep(10); while (true) {} }
    ${FINE}`));
    await tryEcho(page, { text: 'spin' });
    await page.waitForTimeout(300);
    const stopped = Date.now();
    await page.getByTestId('try-it-stop').click();
    await expect(resultText(page)).toContainText('was aborted: it did not stop within 1 s', { timeout: 10_000 });
    expect(Date.now() - stopped).toBeLessThan(4000);
    await nextRunWorks(page);
  });

  test('a setInterval left by a call that failed → refused cleanly: it dies with its call', async ({ page }) => {
    await withEcho(page, echoTool(`
    if (args.text === "leak") {
      globalThis.ticks = 0;
      setInterval(() => { globalThis.ticks++; }, 10);
      await sleep(50);
      throw new Error("failed after starting an interval");
    }
    return { content: [{ type: "text", text: "ticks " + globalThis.ticks }], details: {} };`));
    await tryEcho(page, { text: 'leak' });
    await expect(resultText(page)).toHaveText('failed after starting an interval');
    await tryEcho(page, { text: 'read' });
    await expect(resultText(page)).toContainText('ticks ');
    const first = await resultText(page).textContent();
    await page.waitForTimeout(500);
    await tryEcho(page, { text: 'read' });
    await expect(resultText(page)).toHaveText(first!);
  });

  test('self.close() in one call → refused cleanly: that call takes the blame, the next one works at once', async ({ page }) => {
    await withEcho(page, echoTool(`
    if (args.text === "close") self.close();
    ${FINE}`));
    await tryEcho(page, { text: 'close' });
    await expect(resultText(page)).toContainText('Tool "echo" called self.close()');
    const started = Date.now();
    await tryEcho(page, { text: 'again' });
    await expect(resultText(page)).toHaveText('fine: again');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test('a thrown Proxy whose traps throw → refused cleanly: an unreadable thrown value, not a hang', async ({ page }) => {
    await withEcho(page, echoTool(`
    const trap = () => { throw new Error("trap"); };
    throw new Proxy({}, { get: trap, getPrototypeOf: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap });`));
    const started = Date.now();
    await tryEcho(page, { text: 'x' });
    await expect(resultText(page)).toHaveText('a value was thrown that could not be read (reading it threw again)');
    expect(Date.now() - started).toBeLessThan(4000);
  });
});

test.describe('memory exhausted by tool code', () => {
  // Chromium ends the renderer process that hosts a worker whose heap is full. The sandbox shares the page's process
  // here, so the tab goes down with it unless the host's deadline stops the worker first — which it does on a busy
  // machine, where the heap fills slowly. Both outcomes are checked: stopped and named, or the next load has
  // everything (and starts safe when the tab went down while evaluating; src/state/workspace/evaluation-safe-start.test.ts).
  test('top-level code that exhausts memory → degraded: its evaluation is stopped and named, or the tab goes down and the next load starts safe; nothing is lost', async ({ page }) => {
    test.setTimeout(90_000);
    await withEcho(page, echoTool(FINE, MEMORY_HOG));
    const outcome = await outcomeOfExhaustion(page, () =>
      expect(page.getByTestId('diagnostics')).toContainText('Evaluating echo did not finish within 5000 ms', { timeout: 30_000 }));
    if (outcome === 'survived') {
      await selectTool(page, 'read_file');
      await expect(page.getByTestId('schema-json')).toBeVisible();
    }
    await expectHogKept(page);
  });

  test('a tab that went down while evaluating → degraded: the next load starts safe, opens files one by one, loses nothing', async ({ context }) => {
    const starter = createStarterWorkspace();
    const hogTool = { id: 'hog-id', name: 'hog', kind: 'typescript', source: echoTool(FINE, MEMORY_HOG).replace('name: "echo"', 'name: "hog"') };
    const record = { revision: 3, writer: 'other-tab', savedAt: 1_700_000_000_000, workspace: { tools: [...starter.tools, hogTool], hooks: starter.hooks, settings: starter.settings } };
    const first = await context.newPage();
    await first.goto('/favicon.svg');
    // What a tab that went down mid-evaluation leaves: the workspace, and the marker naming the file it evaluated.
    await first.evaluate((value) => new Promise<void>((resolve, reject) => {
      localStorage.setItem('pi-playground:evaluating', JSON.stringify({ since: Date.now(), files: [{ id: 'hog-id', name: 'hog' }] }));
      const open = indexedDB.open('pi-playground');
      open.onupgradeneeded = () => open.result.createObjectStore('kv');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction('kv', 'readwrite');
        tx.objectStore('kv').put(value, 'workspace:default');
        tx.oncomplete = () => { open.result.close(); resolve(); };
      };
    }), record);
    await first.close();

    const next = await context.newPage();
    await next.goto('/?welcome=0');
    await expect(next.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    const banner = next.getByTestId('safe-start');
    await expect(banner).toBeVisible();
    await expect(banner.locator('[data-testid="safe-start-file"][data-id="hog-id"]')).toHaveAttribute('data-suspect', 'true');
    // The good tools open one by one and work; the workspace (the hog included) is all there.
    await banner.locator('[data-testid="safe-start-file"][data-id="' + starter.tools[0].id + '"]').getByTestId('safe-start-open').click();
    await selectTool(next, starter.tools[0].name);
    await expect(next.getByTestId('schema-json')).toBeVisible();
    await expect(next.getByTestId('tool-item').filter({ hasText: 'hog' })).toHaveCount(1);
    await next.reload();
    await expect(next.getByTestId('safe-start')).toBeVisible({ timeout: 20_000 });
  });

  test('memory exhausted in execute → degraded: the call is stopped and named, or the tab goes down and the next load has everything; the next run works', async ({ page }) => {
    await withEcho(page, echoTool(`if (args.text === "hog") { ${MEMORY_HOG} }\n    ${FINE}`));
    await expectExhaustionHandled(page);
  });
});

test.describe('long tool-call arguments', () => {
  test('a tool call with 256 KB of arguments → degraded: it records in seconds, not minutes', async ({ page }) => {
    await openApp(page);
    const text = 'a'.repeat(256 * 1024);
    const started = Date.now();
    const outcome = await page.evaluate(async (long) => {
      const api = (window as unknown as { piPlayground: { loadScenario(ref: unknown): Promise<{ ok: boolean; state: { recordings: { status: string }[] } }> } }).piPlayground;
      return api.loadScenario({
        title: 'Long arguments', prompt: 'Echo this',
        turns: [{ content: [{ type: 'toolCall', id: 'long', name: 'echo', arguments: { text: long } }] }, { content: 'Done.' }],
      });
    }, text);
    expect(outcome.ok).toBe(true);
    expect(outcome.state.recordings.map((r) => r.status)).toContain('done');
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

test('the sandbox\'s fs when IndexedDB never answers → degraded: the call gets the in-memory files within the bound', async ({ page }) => {
  await page.addInitScript(() => {
    const open = indexedDB.open.bind(indexedDB);
    indexedDB.open = ((name: string, version?: number) => (name === 'pi-playground-fs' ? ({} as IDBOpenDBRequest) : open(name, version))) as typeof indexedDB.open;
  });
  await withEcho(page, echoTool(`
    const names = await fs.list("/workspace");
    return { content: [{ type: "text", text: "listed " + names.length }], details: {} };`));
  const started = Date.now();
  await tryEcho(page, { text: 'x' });
  await expect(resultText(page)).toContainText('listed ', { timeout: 15_000 });
  expect(Date.now() - started).toBeLessThan(12_000);
});

/**
 * The next loads keep the edit that fills the heap. A load evaluates it again and may itself be stopped in time or
 * go down with it; after a load went down while evaluating, the next starts safe: it evaluates nothing until asked
 * and names the file it was evaluating.
 */
async function expectHogKept(page: Page): Promise<void> {
  const echoId = createStarterWorkspace().tools.find((tool) => tool.name === 'echo')!.id;
  for (let load = 0; load < 3; load++) {
    const next = await page.context().newPage();
    await next.goto('/?welcome=0');
    const outcome = await outcomeOfExhaustion(next, () => expect(next.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 }));
    if (outcome === 'crashed') continue;
    if (load > 0 || (await next.getByTestId('safe-start').count()) > 0) {
      await expect(next.locator(`[data-testid="safe-start-file"][data-id="${echoId}"]`)).toHaveAttribute('data-suspect', 'true');
    }
    await selectTool(next, 'echo');
    await expect(next.getByTestId('editor')).toContainText('hog.push');
    return;
  }
  throw new Error('three loads in a row went down: the safe start did not hold the tool back');
}
