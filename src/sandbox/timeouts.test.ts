// Runaway user code: endless loops and promises that never settle become errors after the timeout, the page
// keeps responding, and a stuck worker is replaced by a fresh one that has the same files.
import { describe, expect, it } from 'vitest';
import { testSandbox, text, toolSource, tsFile } from './testing/helpers.ts';

const errorOf = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a rejection'); }, (e: Error) => e);

/** Counts main-thread timer ticks while `work` runs: the UI stays responsive if they keep coming. */
async function ticksDuring<T>(work: Promise<T>, everyMs = 50): Promise<{ value: T; ticks: number; elapsedMs: number }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, everyMs);
  const start = performance.now();
  try {
    const value = await work;
    return { value, ticks, elapsedMs: performance.now() - start };
  } finally {
    clearInterval(timer);
  }
}

describe('sandbox timeouts', () => {
  it('turns an endless loop in execute into a tool error while the page keeps running, then restarts', async () => {
    const sandbox = testSandbox({ timeoutMs: 1000 });
    const evaluation = await sandbox.evaluate([
      tsFile('spin', toolSource('spin', 'while (true) {}')),
      tsFile('ok', toolSource('ok', 'return { content: [{ type: "text", text: "still here" }], details: {} };')),
    ]);
    const [spin, ok] = sandbox.agentTools(evaluation);
    const { value: error, ticks, elapsedMs } = await ticksDuring(errorOf(spin.execute('c1', {})));
    expect(error.message).toBe('Tool "spin" did not finish within 1000 ms: the sandbox was stuck in synchronous code (an endless loop?) and was restarted');
    expect(elapsedMs).toBeGreaterThanOrEqual(1000);
    expect(elapsedMs).toBeLessThan(4500); // the call's own 1 s timeout, not the 5 s default
    // The main thread's 50 ms timer kept firing while the worker spun. Had the loop run on the main thread, the
    // timer would fire at most once, after it. (How many times exactly depends on the machine's load.)
    expect(ticks).toBeGreaterThanOrEqual(5);
    // The replacement worker evaluated the files again: the same proxies work.
    expect(text(await ok.execute('c2', {}))).toBe('still here');
    expect(sandbox.status).toBe('ready');
  });

  it('fails the other calls in flight when a stuck worker is replaced, and says why', async () => {
    const sandbox = testSandbox({ timeoutMs: 1000 });
    const evaluation = await sandbox.evaluate([
      tsFile('spin', toolSource('spin', 'await new Promise((r) => setTimeout(r, 50)); while (true) {}')),
      tsFile('nap', toolSource('nap', 'await sleep(5000); return { content: [], details: {} };')),
    ]);
    const [spin, nap] = sandbox.agentTools(evaluation);
    const spinning = errorOf(spin.execute('s', {}));
    // Sent while the worker spins; the restart (at about 1000 ms + a 500 ms ping grace) comes before its own timeout.
    await new Promise((r) => setTimeout(r, 800));
    const [spinError, napError] = await Promise.all([spinning, errorOf(nap.execute('n', {}))]);
    expect(spinError.message).toBe('Tool "spin" did not finish within 1000 ms: the sandbox was stuck in synchronous code (an endless loop?) and was restarted');
    expect(napError.message).toBe('The sandbox was restarted while this was running: it was stuck in synchronous code (an endless loop?)');
  });

  it('gives up on a promise that never settles after the default 5 s, without restarting', async () => {
    const sandbox = testSandbox();
    const evaluation = await sandbox.evaluate([
      tsFile('never', toolSource('never', 'globalThis.sawAbort = false; signal.addEventListener("abort", () => { globalThis.sawAbort = true; });\n    await new Promise(() => {});')),
      tsFile('check', toolSource('check', 'return { content: [{ type: "text", text: "sawAbort=" + globalThis.sawAbort }], details: {} };')),
    ]);
    const [never, check] = sandbox.agentTools(evaluation);
    const { value: error, elapsedMs } = await ticksDuring(errorOf(never.execute('c', {})));
    expect(error.message).toBe('Tool "never" did not finish within 5000 ms (its promise never settled)');
    expect(elapsedMs).toBeGreaterThanOrEqual(5000);
    // Same worker (module state survived), and the abandoned call's signal was aborted.
    expect(text(await check.execute('c', {}))).toBe('sawAbort=true');
  }, 15_000);

  it('applies setTimeoutMs to later calls and ignores values that are not positive numbers', async () => {
    const sandbox = testSandbox();
    sandbox.setTimeoutMs(300);
    sandbox.setTimeoutMs(-1);
    sandbox.setTimeoutMs(Number.NaN);
    const [tool] = sandbox.agentTools(await sandbox.evaluate([tsFile('never', toolSource('never', 'await new Promise(() => {});'))]));
    await expect(tool.execute('c', {})).rejects.toThrow('Tool "never" did not finish within 300 ms (its promise never settled)');
  });

  it('lets the newest files win when evaluations pile up behind a slow one', async () => {
    const sandbox = testSandbox({ timeoutMs: 500 });
    const slow = sandbox.evaluate([tsFile('a', 'await new Promise(() => {});\nexport default {};')]);
    await new Promise((r) => setTimeout(r, 50)); // it has started; the next two wait behind it
    const typed = sandbox.evaluate([tsFile('a', toolSource('first_draft', 'return { content: [], details: {} };'))]);
    const latest = sandbox.evaluate([tsFile('a', toolSource('final_name', 'return { content: [], details: {} };'))]);
    expect((await slow).diagnostics[0].message).toBe('Evaluating a.ts did not finish within 500 ms (its promise never settled)');
    expect((await typed).tools.map((t) => t.name)).toEqual(['final_name']);
    expect(await typed).toBe(await latest);
  });

  it('does not count time spent in sleep() against the timeout', async () => {
    const sandbox = testSandbox({ timeoutMs: 300 });
    const [tool] = sandbox.agentTools(await sandbox.evaluate([tsFile('nap', toolSource('nap', 'await sleep(600); return { content: [{ type: "text", text: "rested" }], details: {} };'))]));
    expect(text(await tool.execute('c', {}))).toBe('rested');
  });

  it('reports an endless loop at a module\'s top level as an evaluation error and keeps the other files', async () => {
    const sandbox = testSandbox({ timeoutMs: 700 });
    const files = [
      tsFile('loop', 'let i = 0;\nwhile (true) { i++; }\nexport default {};'),
      tsFile('ok', `let calls = 0;\n${toolSource('ok', 'calls++; return { content: [{ type: "text", text: "fine " + calls }], details: {} };')}`),
    ];
    const evaluation = await sandbox.evaluate(files);
    expect(evaluation.diagnostics).toEqual([expect.objectContaining({
      fileId: 'loop', kind: 'evaluation', severity: 'error',
      message: 'Evaluating loop.ts did not finish within 700 ms: the sandbox was stuck in synchronous code (an endless loop?) and was restarted',
    })]);
    expect(evaluation.tools.map((t) => t.name)).toEqual(['ok']);
    const [ok] = sandbox.agentTools(evaluation);
    expect(text(await ok.execute('c', {}))).toBe('fine 1');
    // Evaluating the same files again does not run the endless loop again: no second restart, so the worker (and
    // the module state of `ok`) is the same one, and the loop's diagnostic is the one already reported.
    const again = await sandbox.evaluate(files);
    expect(again.diagnostics[0]).toBe(evaluation.diagnostics[0]);
    expect(text(await sandbox.agentTools(again)[0].execute('c', {}))).toBe('fine 2');
    expect(sandbox.status).toBe('ready');
  });

  it('restart() kills the worker, starts a new one and evaluates the last files again', async () => {
    const sandbox = testSandbox();
    const evaluation = await sandbox.evaluate([tsFile('count', `let calls = 0;\n${toolSource('count', 'calls++; return { content: [{ type: "text", text: String(calls) }], details: {} };')}`)]);
    const [tool] = sandbox.agentTools(evaluation);
    expect(text(await tool.execute('a', {}))).toBe('1');
    expect(text(await tool.execute('b', {}))).toBe('2');
    const restarting = sandbox.restart();
    expect(sandbox.status).toBe('restarting');
    await restarting;
    expect(sandbox.status).toBe('ready');
    expect(text(await tool.execute('c', {}))).toBe('1'); // fresh module state: it was evaluated again
  });

  it('fails calls clearly after dispose', async () => {
    const sandbox = testSandbox();
    const [tool] = sandbox.agentTools(await sandbox.evaluate([tsFile('t', toolSource('t', 'return { content: [], details: {} };'))]));
    sandbox.dispose();
    expect(sandbox.status).toBe('disposed');
    await expect(tool.execute('c', {})).rejects.toThrow('The sandbox was disposed');
    expect((await sandbox.evaluate([tsFile('t', '')])).diagnostics[0].message).toBe('The sandbox was disposed');
  });
});
