// Sandboxed tools: the loop awaits tool[PREPARE_ARGUMENTS_ASYNC] where pi calls prepareArguments, and maps its
// outcome onto pi's semantics (remote.ts). These tools have only the async form, so nothing else can answer.
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { runAgentLoop } from './agent-loop.ts';
import { PREPARE_ARGUMENTS_ASYNC, type PrepareArgumentsAsync } from './remote.ts';
import { assistant, keepLlmMessages, testModel, toolCall, user } from './testing/messages.ts';
import { createScriptedStreamFn } from './testing/scripted-stream.ts';
import type { AgentEvent, AgentLoopConfig, AgentTool } from './types.ts';

async function runRemote(prepare: PrepareArgumentsAsync, args: Record<string, unknown>, config: Partial<AgentLoopConfig> = {}) {
  const seen: unknown[] = [];
  const tool = Object.assign({
    name: 'remote', label: 'Remote', description: 'Sandboxed.', parameters: Type.Object({ text: Type.String() }),
    async execute(_id: string, params: unknown) { seen.push(params); return { content: [], details: {} }; },
  } satisfies AgentTool<any>, { [PREPARE_ARGUMENTS_ASYNC]: prepare });
  const call = toolCall('remote', args, 'c1');
  const events: AgentEvent[] = [];
  await runAgentLoop([user('go')], { systemPrompt: '', messages: [], tools: [tool] },
    { model: testModel(), convertToLlm: keepLlmMessages, ...config }, (e) => { events.push(e); }, undefined,
    createScriptedStreamFn([assistant([call], { stopReason: 'toolUse' }), assistant('done')]));
  const end = events.find((e) => e.type === 'tool_execution_end') as Extract<AgentEvent, { type: 'tool_execution_end' }>;
  const start = events.find((e) => e.type === 'tool_execution_start') as Extract<AgentEvent, { type: 'tool_execution_start' }>;
  return { seen, end, startArgs: start.args as Record<string, unknown> };
}

describe('remote prepareArguments', () => {
  it('uses a returned value as the prepared arguments', async () => {
    const { seen, end } = await runRemote(async (a) => ({ value: { text: `${(a as { txt: string }).txt}?` } }), { txt: 'hi' });
    expect(seen).toEqual([{ text: 'hi?' }]);
    expect(end.isError).toBe(false);
  });

  it('writes a same-object answer back into the original arguments, as an in-place change would', async () => {
    const { seen, startArgs } = await runRemote(async () => ({ value: { text: 'changed', added: 1 }, sameObject: true }), { text: 'orig' });
    expect(seen).toEqual([{ text: 'changed', added: 1 }]);
    expect(startArgs).toEqual({ text: 'changed', added: 1 }); // the raw block's own object, as pi would have mutated it
  });

  it("fails like pi's unawaited Promise when the user's function returned one", async () => {
    const { seen, end } = await runRemote(async () => ({ returnedPromise: true }), { text: 'x' });
    expect(seen).toEqual([]);
    expect(end.result.content).toEqual([{ type: 'text', text: '#<Promise> could not be cloned.' }]);
  });

  it('reports a rejection with its message, or its string form', async () => {
    expect((await runRemote(async () => { throw new Error('worker died'); }, { text: 'x' })).end.result.content[0].text).toBe('worker died');
    expect((await runRemote(() => Promise.reject('timeout'), { text: 'x' })).end.result.content[0].text).toBe('timeout');
  });

  it('gives hooks the raw block and the prepared arguments', async () => {
    const seen: string[] = [];
    await runRemote(async () => ({ value: { text: 'new' } }), { text: 'old' }, {
      beforeToolCall: async (ctx) => { seen.push(`${JSON.stringify(ctx.toolCall.arguments)} ${JSON.stringify(ctx.args)}`); return undefined; },
    });
    expect(seen).toEqual(['{"text":"old"} {"text":"new"}']);
  });
});
