// Code turns in the real sandbox: the factory sees the request (tool descriptions, JSON Schema parameters, the
// last tool result), and a factory that throws, hangs, returns a malformed turn or an endless stream ends the
// recording at that turn with a message naming the turn (and the line, when there is one).
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { VirtualClock } from '../../engine/index.ts';
import { parseScenario } from '../../recording/scenario/parse/index.ts';
import { runScenario } from '../../recording/scenario/index.ts';
import type { AssistantMessage } from '../../ai/index.ts';
import type { AgentTool } from '../../engine/index.ts';
import { testSandbox } from '../../sandbox/testing/helpers.ts';
import { codeTurnSourceFiles, createCodeTurnRunner } from './code-turns.ts';

const IMPORTS = 'import { fauxAssistantMessage, fauxText, fauxToolCall } from "@earendil-works/pi-ai/compat";\n';

const echo: AgentTool<any> = {
  name: 'echo',
  label: 'echo',
  description: 'Echoes text. Keep it short.',
  parameters: Type.Object({ text: Type.String({ maxLength: 20 }) }),
  execute: async (_id, params) => {
    const { text } = params as { text: string };
    if (text === 'fail') throw new Error('Say "ok" instead.');
    return { content: [{ type: 'text', text }], details: {} };
  },
};

async function record(codes: string[], options: { timeoutMs?: number; after?: string } = {}) {
  const parsed = parseScenario(JSON.stringify({ prompt: 'go', turns: [...codes.map((code) => ({ code })), { content: options.after ?? 'end' }] }));
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  const sandbox = testSandbox({ timeoutMs: options.timeoutMs ?? 5000 });
  const evaluation = await sandbox.evaluate(codeTurnSourceFiles(parsed.scenario.turns));
  const run = runScenario(parsed.scenario, { clock: new VirtualClock(), tools: [echo], codeTurns: createCodeTurnRunner(sandbox, evaluation) });
  const result = await run.finished;
  const assistants = result.messages.filter((m): m is AssistantMessage => m.role === 'assistant');
  return { result, assistants, last: assistants.at(-1)!, sandbox, evaluation };
}

describe('code turns in the sandbox', () => {
  it('see the request as plain data: tool descriptions and JSON Schema parameters, the last tool result, the call count', async () => {
    const { assistants } = await record([
      `${IMPORTS}export default (context, options, state, model) => fauxAssistantMessage([
  fauxText(JSON.stringify({ tools: context.tools, system: context.systemPrompt, callCount: state.callCount, model: model.id, signal: options.signal instanceof AbortSignal })),
  fauxToolCall("echo", { text: "fail" }),
], { stopReason: "toolUse" });`,
      `${IMPORTS}export default (context) => {
  const last = context.messages.at(-1);
  const hint = /Say "(\\w+)"/.exec(last.content[0].text)[1];
  return fauxAssistantMessage([fauxText(last.role + " " + last.isError), fauxToolCall("echo", { text: hint })], { stopReason: "toolUse" });
};`,
    ]);
    const seen = JSON.parse((assistants[0].content[0] as { text: string }).text);
    expect(seen).toEqual({
      tools: [{
        name: 'echo', label: 'echo', description: 'Echoes text. Keep it short.',
        parameters: { type: 'object', properties: { text: { type: 'string', maxLength: 20 } }, required: ['text'] },
      }],
      system: '',
      callCount: 1,
      model: 'faux-1',
      signal: true,
    });
    expect(assistants[1].content).toEqual([
      { type: 'text', text: 'toolResult true' },
      { type: 'toolCall', id: 'call_2_2', name: 'echo', arguments: { text: 'ok' } },
    ]);
    expect(assistants.at(-1)!.content).toEqual([{ type: 'text', text: 'end' }]);
  });

  it('end the recording at a factory that throws, with the turn and the line it threw at', async () => {
    const { last, result } = await record([`${IMPORTS}export default (context) => {
  const tool = context.tools.find((t) => t.name === "list_dir");
  return fauxAssistantMessage(tool.description);
};`]);
    expect(last.stopReason).toBe('error');
    expect(last.errorMessage).toMatch(/^Code turn 1, line 4: Cannot read properties of undefined \(reading 'description'\)$/);
    expect(result.events.at(-1)?.type).toBe('agent_end');
  });

  it('end it at a syntax error or a missing default export, with the evaluation\'s message', async () => {
    const syntax = await record([`${IMPORTS}export default function (context) {\n  const a = 1;\n  return fauxAssistantMessage("x"));\n}`]);
    expect(syntax.last.errorMessage).toBe('Code turn 1, line 4: Unexpected token, expected ";"');
    const none = await record([`${IMPORTS}export const turn = () => fauxAssistantMessage("x");`]);
    expect(none.last.errorMessage).toBe('Code turn 1, line 1: A code turn must export default a function (context, options, state, model) => turn');
  });

  it('end it at a malformed answer, naming turn, block and field', async () => {
    const { last } = await record([`${IMPORTS}export default () => fauxAssistantMessage([fauxToolCall("", {})]);`]);
    expect(last.errorMessage).toBe('Code turn 1 returned a malformed turn: turn 1, block 1 (toolCall): "name" must not be empty');
  });

  it('end it at a factory that never answers, or loops forever, and the sandbox keeps working', async () => {
    const pending = await record([`export default () => new Promise(() => {});`], { timeoutMs: 400 });
    expect(pending.last.errorMessage).toBe('Code turn 1: Its code did not finish within 400 ms (its promise never settled)');
    const spin = await record([`export default () => { while (true) {} };`], { timeoutMs: 400 });
    expect(spin.last.errorMessage).toBe('Code turn 1: Its code did not finish within 400 ms: the sandbox was stuck in synchronous code (an endless loop?) and was restarted');
    expect(await spin.sandbox.runTurn('turn:1', { context: {}, options: {}, state: {}, model: {} }).then(() => 'answered', () => 'failed')).toBe('failed');
  });

  it('end it at an endless stream: a turn too large to stream is refused before anything streams', async () => {
    const { last, result } = await record([`${IMPORTS}export default () => fauxAssistantMessage("x".repeat(300_000));`]);
    expect(last.errorMessage).toMatch(/^Code turn 1 returned \d+ characters of JSON; a turn may return at most 200000$/);
    expect(result.events.filter((e) => e.type === 'message_update')).toEqual([]);
    const huge = await record([`${IMPORTS}export default () => fauxAssistantMessage("x".repeat(10_000_000));`]);
    expect(huge.last.errorMessage).toBe('Code turn 1: The turn is too large to leave the sandbox (at least 9.5 MB; the limit is 8.0 MB). Return less data.');
  });
});
