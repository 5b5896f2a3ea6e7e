// Calls into user code: results, thrown errors as pi reports them, abort, onUpdate, prepareArguments, hooks,
// console output, fs, and what cannot or should not leave the sandbox.
import { describe, expect, it } from 'vitest';
import { PREPARE_ARGUMENTS_ASYNC, type PrepareArgumentsAsync } from '../engine/index.ts';
import type { AgentTool } from '../engine/index.ts';
import type { FsCapabilityHost } from './types.ts';
import { testSandbox, text, toolSource, tsFile } from './testing/helpers.ts';

async function toolFrom(body: string, fields = '', options: Parameters<typeof testSandbox>[0] = {}) {
  const sandbox = testSandbox(options);
  const evaluation = await sandbox.evaluate([tsFile('t', toolSource('t', body, fields))]);
  expect(evaluation.diagnostics).toEqual([]);
  return { sandbox, tool: sandbox.agentTools(evaluation)[0] };
}

const errorOf = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a rejection'); }, (e: Error) => e);

describe('execute in the sandbox', () => {
  it('returns the result and passes toolCallId and params through', async () => {
    const { tool } = await toolFrom('return { content: [{ type: "text", text: toolCallId + ":" + JSON.stringify(args) }], details: { n: 1 } };');
    expect(await tool.execute('call-7', { a: 1, b: ['x'] })).toEqual({ content: [{ type: 'text', text: 'call-7:{"a":1,"b":["x"]}' }], details: { n: 1 } });
  });

  it('throws what pi shows for a throw: an Error\'s message, String(value) otherwise, with the source line', async () => {
    const { tool } = await toolFrom('if (args.kind === "error") throw new TypeError("bad input");\n    if (args.kind === "object") throw { toString() { return "custom" } };\n    throw 42;');
    const error = await errorOf(tool.execute('c', { kind: 'error' }));
    expect(error.message).toBe('bad input');
    expect((error as { location?: unknown }).location).toEqual({ fileId: 't', line: 8, column: 38 });
    expect((await errorOf(tool.execute('c', { kind: 'object' }))).message).toBe('custom');
    expect((await errorOf(tool.execute('c', { kind: 'number' }))).message).toBe('42');
  });

  it('aborts the signal inside the sandbox when the host aborts', async () => {
    const { tool } = await toolFrom(`
    if (!signal.aborted) await new Promise((resolve) => signal.addEventListener("abort", resolve));
    return { content: [{ type: "text", text: "aborted=" + signal.aborted }], details: {} };`);
    const controller = new AbortController();
    const pending = tool.execute('c', {}, controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect(text(await pending)).toBe('aborted=true');
    const already = new AbortController();
    already.abort();
    expect(text(await tool.execute('c', {}, already.signal))).toBe('aborted=true');
  });

  it('streams onUpdate partial results as they happen, before the result', async () => {
    const { tool } = await toolFrom(`
    for (let i = 1; i <= 3; i++) {
      onUpdate({ content: [{ type: "text", text: "step " + i }], details: { i } });
      await new Promise((r) => setTimeout(r, 30));
    }
    setTimeout(() => onUpdate({ content: [], details: { late: true } }), 0);
    return { content: [{ type: "text", text: "done" }], details: {} };`);
    const seen: { at: number; partial: unknown }[] = [];
    const start = performance.now();
    const result = await tool.execute('c', {}, undefined, (partial) => seen.push({ at: performance.now() - start, partial }));
    const doneAt = performance.now() - start;
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.map((s) => s.partial)).toEqual([1, 2, 3].map((i) => ({ content: [{ type: 'text', text: `step ${i}` }], details: { i } })));
    expect(seen[2].at - seen[0].at).toBeGreaterThan(40); // spread out over the call, not delivered in one burst
    expect(seen[2].at).toBeLessThan(doneAt);
    expect(text(result)).toBe('done');
  });

  it('turns a 50 MB result into a clear error, and the sandbox carries on', async () => {
    // The size is checked in the worker, so the 50 MB never reach the page.
    const { tool } = await toolFrom('if (args.small) return { content: [{ type: "text", text: "small" }], details: {} };\n    return { content: [{ type: "text", text: "x".repeat(50_000_000) }], details: {} };');
    const error = await errorOf(tool.execute('c', {}));
    expect(error.message).toBe('The tool result is too large to leave the sandbox (at least 47.7 MB; the limit is 8.0 MB). Return less data.');
    expect(text(await tool.execute('d', { small: true }))).toBe('small');
  });

  it('refuses arguments that cannot be sent into the sandbox, with a clear message', async () => {
    const { tool } = await toolFrom('return { content: [], details: {} };');
    await expect(tool.execute('c', { callback: () => 1 })).rejects.toThrow('Tool "t": the arguments could not be sent into the sandbox');
  });

  it('leaves functions out of results (they cannot cross) and says so in the log', async () => {
    const { sandbox, tool } = await toolFrom('return { content: [{ type: "text", text: "ok" }], details: { keep: 1, fn() {} } };');
    expect(await tool.execute('c9', {})).toEqual({ content: [{ type: 'text', text: 'ok' }], details: { keep: 1 } });
    expect(sandbox.logs).toEqual([{ level: 'warn', toolCallId: 'c9', text: expect.stringContaining('result.details.fn') }]);
  });

  it('forwards console output with the call it came from', async () => {
    const { sandbox, tool } = await toolFrom('console.log("hello", { a: [1, "two"] }); console.warn("careful"); console.error(new Error("oops"));\n    return { content: [], details: {} };');
    await tool.execute('c3', {});
    expect(sandbox.logs.map(({ toolCallId, level, text }) => [toolCallId, level, text.split('\n')[0]])).toEqual([
      ['c3', 'log', 'hello { a: [ 1, "two" ] }'],
      ['c3', 'warn', 'careful'],
      ['c3', 'error', 'Error: oops'],
    ]);
  });

  it('reaches the host filesystem through fs, with its errors', async () => {
    const files = new Map([['/notes.md', '# hi']]);
    const fs: FsCapabilityHost = {
      readFile: async (path) => { const v = files.get(path); if (v === undefined) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' }); return v; },
      writeFile: async (path, content) => { files.set(path, content); },
      list: async () => [...files.keys()].map((name) => ({ name: name.slice(1), kind: 'file' as const, size: files.get(name)!.length })),
      stat: async (path) => ({ kind: 'file', size: files.get(path)?.length ?? 0 }),
      remove: async (path) => { files.delete(path); },
    };
    const { tool } = await toolFrom(`
    const { fs } = await import("playground").catch(() => ({ fs: globalThis.fs }));
    await fs.writeFile("/out.txt", "written", { signal });
    const text = await fs.readFile("/notes.md", { signal });
    const names = (await fs.list("/")).map((e) => e.name).join(",");
    let missing;
    try { await fs.readFile("/nope"); } catch (e) { missing = e.code + " " + e.message; }
    return { content: [{ type: "text", text: [text, names, missing].join(" | ") }], details: {} };`, '', { fs });
    expect(text(await tool.execute('c', {}))).toBe("# hi | notes.md,out.txt | ENOENT ENOENT: no such file or directory, open '/nope'");
    expect(files.get('/out.txt')).toBe('written');
  });

  it('says clearly when no filesystem is attached', async () => {
    const { tool } = await toolFrom('return { content: [{ type: "text", text: await fs.readFile("/a").catch((e) => e.message) }], details: {} };');
    expect(text(await tool.execute('c', {}))).toBe('fs.readFile: no filesystem is attached to the sandbox');
  });
});

describe('prepareArguments in the sandbox', () => {
  const prepare = async (body: string, args: unknown) => {
    const { tool } = await toolFrom('return { content: [], details: {} };', `\n  prepareArguments(args) {\n    ${body}\n  },`);
    const remote = (tool as AgentTool & { [PREPARE_ARGUMENTS_ASYNC]?: PrepareArgumentsAsync })[PREPARE_ARGUMENTS_ASYNC];
    expect(tool.prepareArguments).toBeUndefined();
    return remote!(args);
  };

  it('reports sameObject when the function returned its (possibly mutated) argument', async () => {
    expect(await prepare('args.path = args.path ?? args.dir; return args;', { dir: 'src' })).toEqual({ value: { dir: 'src', path: 'src' }, sameObject: true });
  });

  it('hands back a new object as a plain value', async () => {
    expect(await prepare('return { path: args.dir };', { dir: 'src' })).toEqual({ value: { path: 'src' } });
  });

  it('reports a returned Promise instead of awaiting it, as pi does not await it', async () => {
    expect(await prepare('return Promise.resolve({ path: "x" });', {})).toEqual({ returnedPromise: true });
  });

  it('rejects with the thrown message, and with the engine\'s clone error for values pi could not clone', async () => {
    await expect(prepare('throw new Error("no dir given");', {})).rejects.toThrow('no dir given');
    await expect(prepare('throw "plain string";', {})).rejects.toThrow('plain string');
    await expect(prepare('return { path: "x", fn: () => 1 };', {})).rejects.toThrow('() => 1 could not be cloned.');
  });
});

describe('hooks in the sandbox', () => {
  const HOOKS = `export async function beforeToolCall({ toolCall, args, context }, signal) {
  if (args.env === "prod") return { block: true, reason: "needs approval; tools: " + context.tools.map((t) => t.name + ":" + typeof t.execute).join(",") };
  return undefined;
}
export const afterToolCall = async ({ result, isError, assistantMessage }) => ({
  content: [{ type: "text", text: "after(" + isError + "): " + result.content[0].text + " from " + assistantMessage.role }],
});
`;

  it('receive a cloneable copy of the context (functions left out) and return their decision', async () => {
    const sandbox = testSandbox();
    const evaluation = await sandbox.evaluate([
      tsFile('t', toolSource('deploy', 'return { content: [{ type: "text", text: "deployed" }], details: {} };')),
      tsFile('h', HOOKS, { role: 'hooks' }),
    ]);
    expect(evaluation.hooks).toEqual({ beforeToolCall: { fileId: 'h' }, afterToolCall: { fileId: 'h' } });
    const hooks = sandbox.hooks(evaluation);
    const tools = sandbox.agentTools(evaluation);
    const assistantMessage = { role: 'assistant', content: [] } as never;
    const toolCall = { type: 'toolCall' as const, id: 'c1', name: 'deploy', arguments: { env: 'prod' } };
    const context = { systemPrompt: 's', messages: [], tools };
    expect(await hooks.beforeToolCall!({ assistantMessage, toolCall, args: { env: 'prod' }, context })).toEqual({
      block: true, reason: 'needs approval; tools: deploy:undefined',
    });
    expect(await hooks.beforeToolCall!({ assistantMessage, toolCall, args: { env: 'dev' }, context })).toBeUndefined();
    const result = { content: [{ type: 'text' as const, text: 'deployed' }], details: {} };
    expect(await hooks.afterToolCall!({ assistantMessage, toolCall, args: {}, result, isError: false, context })).toEqual({
      content: [{ type: 'text', text: 'after(false): deployed from assistant' }],
    });
  });

  it('throw the hook\'s message when it throws', async () => {
    const sandbox = testSandbox();
    const evaluation = await sandbox.evaluate([tsFile('h', 'export default { beforeToolCall() { throw new Error("hook failed"); } };', { role: 'hooks' })]);
    const hooks = sandbox.hooks(evaluation);
    await expect(hooks.beforeToolCall!({ assistantMessage: {} as never, toolCall: { type: 'toolCall', id: 'c', name: 'x', arguments: {} }, args: {}, context: { systemPrompt: '', messages: [] } }))
      .rejects.toThrow('hook failed');
    expect(hooks.afterToolCall).toBeUndefined();
  });
});
