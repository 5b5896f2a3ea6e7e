// The host's own limits and the calls that misbehave: tool code that takes the worker's port and posts past the
// worker's limits, a call that ignores Stop, leftover timers, self.close(), and a thrown Proxy whose traps throw.
import { describe, expect, it } from 'vitest';
import { measureBytes } from './host/message-guard.ts';
import { testSandbox, text, toolSource, tsFile } from './testing/helpers.ts';

/** Module code that captures the worker's port to the host (and the running call's id) from a console.log. */
const STEAL_PORT = `
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

async function forger(body: string, options: Parameters<typeof testSandbox>[0] = {}) {
  const sandbox = testSandbox(options);
  const evaluation = await sandbox.evaluate([tsFile('t', STEAL_PORT + toolSource('t', `const { port, callId } = stealPort();\n${body}`))]);
  expect(evaluation.diagnostics).toEqual([]);
  return { sandbox, tool: sandbox.agentTools(evaluation)[0], evaluation };
}

const errorOf = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a rejection'); }, (e: Error) => e);

describe('the host checks what arrives from the worker', () => {
  it('measures strings, binary data and nesting, and stops counting once past the limit', () => {
    expect(measureBytes({ a: 'xyz', b: [1, new Uint8Array(10)] }, 1000)).toBe(2 + 3 + 8 + 10);
    expect(measureBytes({ big: 'x'.repeat(5000), more: 'y'.repeat(5000) }, 100)).toBeGreaterThan(100);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(measureBytes(cyclic, 100)).toBe(4);
  });

  it('refuses a forged 60 MB result posted straight on the port, naming the tool', async () => {
    const { tool } = await forger(`
    port.postMessage({ type: "settled", id: callId, outcome: { ok: true, value: { content: [{ type: "text", text: "x".repeat(60e6) }] } } });
    await new Promise(() => {});`);
    const error = await errorOf(tool.execute('c', {}));
    expect(error.message).toMatch(/The answer of Tool "t" is too large to leave the sandbox \(the limit is 8\.0 MB\); the app refused it/);
  });

  it('ignores a forged answer for a call id it is not waiting for, and still gets the real one', async () => {
    const { tool } = await forger(`
    port.postMessage({ type: "settled", id: callId + 1000, outcome: { ok: true, value: { content: [{ type: "text", text: "forged" }] } } });
    port.postMessage({ type: "evaluated", id: callId, report: { tools: [] } });
    return { content: [{ type: "text", text: "real" }], details: {} };`);
    expect(text(await tool.execute('c', {}) as never)).toBe('real');
  });

  it('ends the worker that floods the host with 200,000 log messages, and the next call works', async () => {
    const { sandbox, tool } = await forger(`
    if (args.flood) { for (let i = 0; i < 200000; i++) port.postMessage({ type: "log", callId, level: "log", text: "spam " + i }); await new Promise(() => {}); }
    return { content: [{ type: "text", text: "fine" }], details: {} };`);
    const started = performance.now();
    const error = await errorOf(tool.execute('c', { flood: true }));
    expect(error.message).toMatch(/restarted while this was running: Tool "t": it sent too many log messages/);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(sandbox.logs.filter((l) => l.text.startsWith('spam')).length).toBeLessThanOrEqual(1000);
    expect(sandbox.logs.some((l) => l.text.includes('The app ended the sandbox and started a new one'))).toBe(true);
    expect(text(await tool.execute('c', {}) as never)).toBe('fine');
  });

  it('ends a call whose forged updates pass the per-call limit', async () => {
    const { tool } = await forger(`
    for (let i = 0; i < 10100; i++) port.postMessage({ type: "update", id: callId, partial: { content: [], details: { i } } });
    await new Promise(() => {});`);
    let updates = 0;
    const error = await errorOf(tool.execute('c', {}, undefined, () => { updates++; }));
    expect(error.message).toMatch(/Tool "t" sent more than 10050 updates out of the sandbox; the app ended the call/);
    expect(updates).toBe(10050);
  });

  it('drops messages that carry ports, or have no known shape', async () => {
    const { sandbox, tool } = await forger(`
    const extra = new MessageChannel();
    port.postMessage({ type: "log", callId, level: "log", text: "with a port" }, [extra.port1]);
    port.postMessage("just text");
    port.postMessage({ type: "nonsense" });
    return { content: [{ type: "text", text: "ok" }], details: {} };`);
    expect(text(await tool.execute('c', {}) as never)).toBe('ok');
    expect(sandbox.logs.some((l) => l.text === 'with a port')).toBe(false);
  });
});

describe('calls that misbehave take the blame', () => {
  it('Stop ends a call that ignores its signal after 1 s, and the next call works', async () => {
    const sandbox = testSandbox();
    const evaluation = await sandbox.evaluate([tsFile('t', toolSource('t', `
    if (args.hang) { while (true) await sleep(1e9); }
    return { content: [{ type: "text", text: "next works" }], details: {} };`))]);
    const [tool] = sandbox.agentTools(evaluation);
    const controller = new AbortController();
    const pending = errorOf(tool.execute('c', { hang: true }, controller.signal));
    await new Promise((r) => setTimeout(r, 100));
    const stopped = performance.now();
    controller.abort();
    const error = await pending;
    expect(performance.now() - stopped).toBeLessThan(2500);
    expect(error.message).toMatch(/Tool "t" was aborted: it did not stop within 1 s of its abort signal/);
    expect(text(await tool.execute('c', {}) as never)).toBe('next works');
  });

  it('a setInterval dies with the call that failed', async () => {
    const sandbox = testSandbox();
    const evaluation = await sandbox.evaluate([tsFile('t', toolSource('t', `
    setInterval(() => console.log("tick"), 20);
    await sleep(50);
    throw new Error("failed");`))]);
    const [tool] = sandbox.agentTools(evaluation);
    expect((await errorOf(tool.execute('c', {}))).message).toBe('failed');
    const ticks = sandbox.logs.filter((l) => l.text === 'tick').length;
    await new Promise((r) => setTimeout(r, 200));
    expect(sandbox.logs.filter((l) => l.text === 'tick').length).toBe(ticks);
  });

  it('self.close() fails the call that made it, not the next one', async () => {
    const sandbox = testSandbox({ timeoutMs: 1500 });
    const evaluation = await sandbox.evaluate([tsFile('t', toolSource('t', `
    if (args.close) self.close();
    return { content: [{ type: "text", text: "innocent" }], details: {} };`))]);
    const [tool] = sandbox.agentTools(evaluation);
    expect((await errorOf(tool.execute('c', { close: true }))).message).toMatch(/Tool "t" called self\.close\(\)/);
    expect(text(await tool.execute('c', {}) as never)).toBe('innocent');
  });

  it('a thrown Proxy whose traps throw is reported as an unreadable thrown value, not a hang', async () => {
    const sandbox = testSandbox({ timeoutMs: 2000 });
    const evaluation = await sandbox.evaluate([tsFile('t', toolSource('t', `
    const trap = () => { throw new Error("trap"); };
    throw new Proxy({}, { get: trap, getPrototypeOf: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap });`))]);
    const [tool] = sandbox.agentTools(evaluation);
    const started = performance.now();
    const error = await errorOf(tool.execute('c', {}));
    expect(error.message).toBe('a value was thrown that could not be read (reading it threw again)');
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
