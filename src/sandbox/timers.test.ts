// Time in user code is the run's time: setTimeout, setInterval, clear*, Date and performance.now follow the
// sandbox's clock (a VirtualClock while recording), with the browser's ordering rules; timers left by a call fire
// later in the same run and end with it; a timer storm fails the call that made it, clearly, and quickly.
import { describe, expect, it } from 'vitest';
import { RealClock, VirtualClock, type Clock } from '../engine/index.ts';
import { parseScenario } from '../recording/scenario/parse/index.ts';
import { runScenario } from '../recording/scenario/index.ts';
import { testSandbox, text, toolSource, tsFile } from './testing/helpers.ts';

const NATURAL_SLEEP = 'await new Promise((r) => setTimeout(r, 2000));';
const reply = (expr: string) => `return { content: [{ type: "text", text: JSON.stringify(${expr}) }], details: {} };`;
const tool = (name: string, body: string) => tsFile(name, toolSource(name, body));
const json = (result: { content: { type: string; text?: string }[] }) => JSON.parse(text(result));

/**
 * A host slow at the clock's bookkeeping, as on a loaded machine: every hold (taken each time the host wakes the
 * sandbox for a timer) keeps the main thread busy for `ms` first.
 */
function slowHolds(clock: VirtualClock, ms: number): Clock {
  return {
    now: () => clock.now(),
    sleep: (delay, signal) => clock.sleep(delay, signal),
    hold: () => {
      const end = performance.now() + ms;
      while (performance.now() < end) { /* the host's own work */ }
      return clock.hold();
    },
  };
}

async function run(clock: Clock, ...files: ReturnType<typeof tool>[]) {
  const sandbox = testSandbox({ clock });
  const evaluation = await sandbox.evaluate(files);
  expect(evaluation.diagnostics).toEqual([]);
  return { sandbox, tools: sandbox.agentTools(evaluation) };
}

describe('timers on the run clock', () => {
  it('takes 2 s of virtual time for two parallel setTimeout sleeps and 4 s in sequence, in little wall time', async () => {
    const clock = new VirtualClock();
    const { tools: [a, b] } = await run(clock, tool('a', NATURAL_SLEEP + reply('"a"')), tool('b', NATURAL_SLEEP + reply('"b"')));
    const wallStart = performance.now();
    await Promise.all([a.execute('1', {}), b.execute('2', {})]);
    expect(clock.now()).toBe(2000);
    await a.execute('3', {});
    await b.execute('4', {});
    expect(clock.now()).toBe(6000);
    expect(performance.now() - wallStart).toBeLessThan(4000); // 6 s on a real clock
  });

  it('moves Date.now(), new Date(), Date() and performance.now() with virtual time only', async () => {
    const clock = new VirtualClock();
    const { tools: [t] } = await run(clock, tool('t', `
      const p0 = performance.now(), d0 = Date.now(), n0 = new Date().getTime(), s0 = Date();
      let x = 0; for (let i = 0; i < 1e7; i++) x += i;
      const p1 = performance.now(), d1 = Date.now();
      await new Promise((r) => setTimeout(r, 1500));
      const p2 = performance.now(), d2 = Date.now(), n2 = new Date().getTime();
      ${reply('{ p0, p1, p2, computed: d1 - d0, waited: d2 - d0, dateWaited: n2 - n0, sameDay: Math.abs(Date.parse(s0) - d0) < 1000, isDate: new Date() instanceof Date, fixed: new Date(0).getTime(), x: x > 0 }')}`));
    const values = json(await t.execute('1', {}));
    expect(values).toEqual({ p0: 0, p1: 0, p2: 1500, computed: 0, waited: 1500, dateWaited: 1500, sameDay: true, isDate: true, fixed: 0, x: true });
  });

  it('stops a busy-wait on the standing virtual clock with a message instead of spinning for ever', async () => {
    const { tools: [t] } = await run(new VirtualClock(), tool('spin_wait', 'const end = Date.now() + 300; while (Date.now() < end) {}' + reply('"done"')));
    await expect(t.execute('1', {})).rejects.toThrow('Tool "spin_wait" read Date.now() more than 1000000 times while the recording\'s clock stood still');
  });

  it('fires timers in due-time then creation order, nested and 0 ms timers included, with numeric ids', async () => {
    const clock = new VirtualClock();
    const { tools: [t] } = await run(clock, tool('order', `
      const seen = [];
      const at = (label) => seen.push(label + "@" + performance.now());
      const ids = [setTimeout(() => at("b200"), 200), setTimeout(() => at("a100"), 100), setTimeout(() => at("c100"), 100)];
      setTimeout(() => { at("zero"); setTimeout(() => at("nested0"), 0); setTimeout(() => at("nested50"), 50); }, 0);
      clearTimeout(999999); clearTimeout(undefined); clearInterval("x"); clearTimeout(ids[2]);
      const cleared = ids[2];
      await new Promise((r) => setTimeout(r, 300));
      ${reply('{ seen, ids, numeric: ids.every((id) => Number.isInteger(id) && id > 0), increasing: ids[0] < ids[1] && ids[1] < ids[2], cleared }')}`));
    const values = json(await t.execute('1', {}));
    expect(values.seen).toEqual(['zero@0', 'nested0@0', 'nested50@50', 'a100@100', 'b200@200']);
    expect(values.numeric).toBe(true);
    expect(values.increasing).toBe(true);
    expect(clock.now()).toBe(300);
  });

  it('repeats setInterval on virtual time until clearInterval, and clamps deeply nested 0 ms timers to 4 ms', async () => {
    const { tools: [t] } = await run(new VirtualClock(), tool('ticker', `
      const ticks = [];
      await new Promise((done) => {
        const id = setInterval((label) => { ticks.push(label + performance.now()); if (ticks.length === 3) { clearInterval(id); done(); } }, 250, "t");
      });
      const chain = [];
      await new Promise((done) => { const step = () => { chain.push(performance.now()); if (chain.length < 9) setTimeout(step); else done(); }; setTimeout(step, 0); });
      ${reply('{ ticks, chain, after: performance.now() }')}`));
    const values = json(await t.execute('1', {}));
    expect(values.ticks).toEqual(['t250', 't500', 't750']);
    // HTML: past five levels of nesting a timer under 4 ms waits 4 ms.
    expect(values.chain).toEqual([750, 750, 750, 750, 750, 750, 754, 758, 762]);
  });

  it('fires a timer left by a finished call later in the run, its log at its virtual time and on its call', async () => {
    const clock = new VirtualClock();
    const logs: { text: string; t: number; toolCallId?: string }[] = [];
    const sandbox = testSandbox({ clock, onLog: (entry) => logs.push({ ...entry, t: clock.now() }) });
    const [left, waiter] = sandbox.agentTools(await sandbox.evaluate([
      tool('left', 'setTimeout(() => console.log("late " + performance.now()), 1000);' + reply('"returned"')),
      tool('waiter', NATURAL_SLEEP + reply('"woke"')),
    ]));
    expect(text(await left.execute('call_left', {}))).toBe('"returned"');
    expect(clock.now()).toBe(0);
    await waiter.execute('call_wait', {});
    expect(logs).toEqual([{ level: 'log', text: 'late 1000', t: 1000, toolCallId: 'call_left' }]);
  });

  it('reports a throw in a timer callback as an uncaught error of its call, and keeps the other timers', async () => {
    const clock = new VirtualClock();
    const sandbox = testSandbox({ clock });
    const [t] = sandbox.agentTools(await sandbox.evaluate([tool('thrower', `
      let after = 0;
      setTimeout(() => { throw new Error("boom"); }, 100);
      setTimeout(() => { after = performance.now(); }, 100);
      await new Promise((r) => setTimeout(r, 200));
      ${reply('after')}`)]));
    expect(json(await t.execute('call_throw', {}))).toBe(100);
    expect(sandbox.logs).toEqual([{ level: 'error', text: expect.stringMatching(/^Uncaught Error: boom/), toolCallId: 'call_throw' }]);
  });

  it('ends a call at the right virtual time when a timer aborts its signal (the AbortSignal.timeout pattern)', async () => {
    const clock = new VirtualClock();
    const { tools: [t] } = await run(clock, tool('abortable', `
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 700);
      await sleep(5000, controller.signal);
      const byTimer = performance.now();
      const timeout = AbortSignal.timeout(300);
      await new Promise((r) => timeout.addEventListener("abort", r));
      ${reply('{ byTimer, bySignal: performance.now(), reason: timeout.reason.name }')}`));
    expect(json(await t.execute('1', {}))).toEqual({ byTimer: 700, bySignal: 1000, reason: 'TimeoutError' });
    expect(clock.now()).toBe(1000);
  });

  it('does not let virtual time pass while an fs request is in flight', async () => {
    const clock = new VirtualClock();
    const slowFs = {
      readFile: () => new Promise<string>((r) => setTimeout(() => r('contents'), 200)),
      writeFile: async () => {}, list: async () => [], stat: async () => ({}), remove: async () => {},
    };
    const sandbox = testSandbox({ clock, fs: slowFs });
    const [reader, timer] = sandbox.agentTools(await sandbox.evaluate([
      tool('reader', 'const text = await fs.readFile("a.txt");' + reply('{ text, at: performance.now() }')),
      tool('timer', 'await new Promise((r) => setTimeout(r, 10));' + reply('{ at: performance.now() }')),
    ]));
    const order: string[] = [];
    const [read, timed] = await Promise.all([
      reader.execute('r', {}).then((r) => { order.push('reader'); return json(r); }),
      timer.execute('t', {}).then((r) => { order.push('timer'); return json(r); }),
    ]);
    expect(read).toEqual({ text: 'contents', at: 0 });
    expect(timed).toEqual({ at: 10 });
    expect(order).toEqual(['reader', 'timer']);
  });

  it('ends the timers of a run when the clock is replaced: nothing leaks into the next recording', async () => {
    const first = new VirtualClock();
    const sandbox = testSandbox({ clock: first });
    const [ticker, waiter] = sandbox.agentTools(await sandbox.evaluate([
      tool('ticker', 'setInterval(() => console.log("tick " + performance.now()), 100);' + reply('"started"')),
      tool('waiter', 'await new Promise((r) => setTimeout(r, 250));' + reply('"woke"')),
    ]));
    await ticker.execute('1', {});
    await waiter.execute('2', {});
    expect(sandbox.logs.map((l) => l.text)).toEqual(['tick 100', 'tick 200']);
    const second = new VirtualClock();
    sandbox.setClock(second);
    await waiter.execute('3', {});
    expect(second.now()).toBe(250);
    expect(sandbox.logs.map((l) => l.text)).toEqual(['tick 100', 'tick 200']);
  });

  it('fails a call that sets 100,000 timers at once, with a message naming the tool', async () => {
    const clock = new VirtualClock();
    const { tools: [storm, fine] } = await run(clock,
      tool('storm', 'let n = 0; for (let i = 0; i < 100000; i++) setTimeout(() => n++, 10);' + NATURAL_SLEEP + reply('n')),
      tool('fine', NATURAL_SLEEP + reply('"fine"')));
    const start = performance.now();
    const error = await storm.execute('1', {}).then(() => null, (e: Error) => e);
    expect(error?.message).toBe('Tool "storm" has 10000 timers pending, the most the playground runs at once (a timer storm?); its timers were cancelled');
    expect(performance.now() - start).toBeLessThan(3000); // refused at once, not run for 100,000 callbacks
    expect(text(await fine.execute('2', {}))).toBe('"fine"'); // the same worker still works
  });

  it('stops a setInterval(…, 0) that never stops: the call fails with a message naming it, and the run goes on', async () => {
    const parsed = parseScenario(JSON.stringify({
      prompt: 'go', timing: { tokensPerSecond: 1_000_000 },
      turns: [{ content: [{ type: 'toolCall', name: 'forever', arguments: {} }] }, { content: 'done' }],
    }));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const clock = new VirtualClock();
    const { tools } = await run(clock, tool('forever', 'setInterval(() => {}, 0); await new Promise(() => {});'));
    const result = await runScenario(parsed.scenario, { tools, clock }).finished;
    const toolResult = result.messages.find((m) => m.role === 'toolResult');
    expect(text(toolResult as never)).toBe('Tool "forever": its timers fired 5000 times in this run, the most the playground allows (a setInterval that never stops?); they were stopped');
    expect(result.messages.at(-1)?.role).toBe('assistant');
  });

  it('stops a never-ending setInterval(…, 0) by its firing limit, not its time budget, when the host is slow to wake it', async () => {
    const sandbox = testSandbox({ clock: slowHolds(new VirtualClock(), 0.3), timeoutMs: 1000 });
    const [t] = sandbox.agentTools(await sandbox.evaluate([tool('forever', 'setInterval(() => {}, 0); await new Promise(() => {});')]));
    // 5,000 wakes cost the host at least 1.5 s here: waiting on the virtual clock, the call spent none of its 1 s.
    await expect(t.execute('1', {})).rejects.toThrow('Tool "forever": its timers fired 5000 times in this run, the most the playground allows (a setInterval that never stops?); they were stopped');
  });

  it('still ends an interval that burns CPU at every firing by its time budget', async () => {
    const sandbox = testSandbox({ clock: new VirtualClock(), timeoutMs: 1000 });
    const [t] = sandbox.agentTools(await sandbox.evaluate([tool('burner', `
      setInterval(() => { let x = 0; for (let i = 0; i < 3e6; i++) x += i; globalThis.sink = x; }, 0);
      await new Promise(() => {});`)]));
    const start = performance.now();
    await expect(t.execute('1', {})).rejects.toThrow('Tool "burner" did not finish within 1000 ms (its promise never settled)');
    expect(performance.now() - start).toBeGreaterThanOrEqual(1000);
  });

  it('restarts a worker stuck in the callback of a timer whose call has ended, naming who set it', async () => {
    const clock = new VirtualClock();
    const sandbox = testSandbox({ clock, timeoutMs: 1000 });
    const [looper, waiter] = sandbox.agentTools(await sandbox.evaluate([
      tool('looper', 'setTimeout(() => { while (true) {} }, 100);' + reply('"returned"')),
      tool('waiter', NATURAL_SLEEP + reply('"woke"')),
    ]));
    expect(text(await looper.execute('1', {}))).toBe('"returned"');
    const error = await waiter.execute('2', {}).then(() => null, (e: Error) => e);
    expect(error?.message).toBe('The sandbox was restarted while this was running: it was stuck in synchronous code (an endless loop?)');
    expect(sandbox.logs.map((l) => l.text)).toContain('A timer set by Tool "looper" did not finish within 1000 ms: the sandbox was stuck in synchronous code (an endless loop?) and was restarted');
    expect(clock.now()).toBe(100); // the stuck callback held the clock: the 2 s sleep never came due
    expect(text(await looper.execute('3', {}))).toBe('"returned"'); // a fresh worker with the same files
  });

  it('drives the agent loop: setTimeout sleeps take 2 s in parallel and 4 s in sequence', async () => {
    const durations: Record<string, number> = {};
    for (const toolExecution of ['parallel', 'sequential'] as const) {
      const parsed = parseScenario(JSON.stringify({
        prompt: 'go', toolExecution, timing: { tokensPerSecond: 1_000_000 },
        turns: [{ content: [{ type: 'toolCall', name: 'slow_a', arguments: {} }, { type: 'toolCall', name: 'slow_b', arguments: {} }] }, { content: 'done' }],
      }));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      const clock = new VirtualClock();
      const { tools } = await run(clock, tool('slow_a', NATURAL_SLEEP + reply('"a"')), tool('slow_b', NATURAL_SLEEP + reply('"b"')));
      const result = await runScenario(parsed.scenario, { tools, clock }).finished;
      durations[toolExecution] = Math.round(result.durationMs / 100) * 100;
    }
    expect(durations).toEqual({ parallel: 2000, sequential: 4000 });
  });

  it('keeps real time on a RealClock (Try it): a 300 ms setTimeout takes at least 300 ms of wall time', async () => {
    const sandbox = testSandbox({ clock: new RealClock() });
    const [t] = sandbox.agentTools(await sandbox.evaluate([tool('real', `
      const d0 = Date.now(); await new Promise((r) => setTimeout(r, 300));
      ${reply('{ waited: Date.now() - d0 }')}`)]));
    const start = performance.now();
    const { waited } = json(await t.execute('1', {}));
    // A virtual clock would answer in a few milliseconds, with the same 300 on its Date.
    expect(performance.now() - start).toBeGreaterThanOrEqual(295);
    expect(waited).toBeGreaterThanOrEqual(295);
  });
});
