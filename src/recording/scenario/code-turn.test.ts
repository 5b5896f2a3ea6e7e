import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { VirtualClock } from '../../engine/index.ts';
import type { AssistantMessage, Context, ToolResultMessage } from '../../ai/index.ts';
import type { AgentEvent, AgentTool } from '../../engine/index.ts';
import { CodeTurnError, codeTurnFailureOf, MAX_CODE_TURN_CHARS, readReturnedTurn, type CodeTurnRunner } from './code-turn.ts';
import { parseScenario } from './parse/index.ts';
import { runScenario } from './run-scenario.ts';
import type { Scenario } from './scenario.ts';

const CODE = 'export default (context) => ({ content: "hi" });';

function parsed(file: unknown): Scenario {
  const result = parseScenario(JSON.stringify(file));
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  return result.scenario;
}

function errorsOf(file: unknown): string[] {
  const result = parseScenario(JSON.stringify(file));
  return result.ok ? [] : result.errors.map((e) => e.message);
}

const assistant = (content: AssistantMessage['content'], stopReason: AssistantMessage['stopReason'] = 'stop'): AssistantMessage => ({
  role: 'assistant', content, api: 'faux', provider: 'faux', model: 'faux-1',
  usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
  stopReason, timestamp: 5,
});

describe('code turns in the scenario file', () => {
  it('parses a code turn beside block turns, keeping its code and timing', () => {
    const scenario = parsed({ prompt: 'go', turns: [{ code: CODE, timing: { delayMs: 100 } }, { content: 'done' }] });
    expect(scenario.turns[0]).toEqual({ code: CODE, timing: { delayMs: 100 } });
    expect(scenario.turns[1]).toEqual({ content: [{ type: 'text', text: 'done' }], stopReason: 'stop' });
  });

  it('names the turn and field of a malformed code turn', () => {
    expect(errorsOf({ prompt: 'go', turns: [{ code: 42 }] })).toEqual(['turn 1: "code" must be a string']);
    expect(errorsOf({ prompt: 'go', turns: [{ code: CODE, stopReason: 'stop' }] })).toEqual(['turn 1: "stopReason" is not a known field']);
    expect(errorsOf({ prompt: 'go', turns: [{ note: 'x' }] })).toEqual(['turn 1: needs one of "content", "code"']);
  });

  it('does not count a code turn\'s calls among the ids moments may refer to', () => {
    expect(errorsOf({ prompt: 'go', turns: [{ code: CODE }], abort: { toolCallStart: 'call_1_1' } }))
      .toEqual(['abort: "toolCallStart" refers to "call_1_1", which is not a tool call of this script']);
  });
});

describe('readReturnedTurn', () => {
  it('reads a faux message as a block turn, giving calls without an id call_<turn>_<block>', () => {
    const message = assistant([{ type: 'text', text: 'Listing.' }, { type: 'toolCall', name: 'list_dir', arguments: { path: 'notes' } } as never], 'toolUse');
    expect(readReturnedTurn(message, 1)).toEqual({
      ok: true,
      turn: { content: [{ type: 'text', text: 'Listing.' }, { type: 'toolCall', id: 'call_2_2', name: 'list_dir', arguments: { path: 'notes' } }], stopReason: 'toolUse' },
    });
  });

  it('reads a block turn as the file writes one, with its defaults', () => {
    expect(readReturnedTurn({ content: [{ type: 'toolCall', name: 'echo', arguments: { text: 'a' } }] }, 0))
      .toEqual({ ok: true, turn: { content: [{ type: 'toolCall', id: 'call_1_1', name: 'echo', arguments: { text: 'a' } }], stopReason: 'toolUse' } });
  });

  it('refuses a malformed turn with the same words as a turn in the file', () => {
    expect(readReturnedTurn({ content: [{ type: 'toolCall', arguments: {} }] }, 2))
      .toEqual({ ok: false, message: 'Code turn 3 returned a malformed turn: turn 3, block 1 (toolCall): "name" is required' });
    expect(readReturnedTurn({ content: 'hi', stopReason: 'done' }, 0))
      .toEqual({ ok: false, message: 'Code turn 1 returned a malformed turn: turn 1: "stopReason" must be one of "stop", "length", "toolUse", "error", "aborted"' });
    expect(readReturnedTurn({ ...assistant([{ type: 'text', text: 'x' }]), errorMessage: 'no' }, 0))
      .toEqual({ ok: false, message: 'Code turn 1 returned a malformed turn: turn 1: "errorMessage" only applies when "stopReason" is "error" or "aborted"' });
    expect(readReturnedTurn({ content: [{ type: 'toolCall', name: 'echo', arguments: '{"text":"a"}' }] }, 0).ok).toBe(false);
  });

  it('refuses nothing returned, and a turn too large to stream', () => {
    expect(readReturnedTurn(undefined, 0)).toEqual({ ok: false, message: 'Code turn 1 returned undefined: return fauxAssistantMessage(…) or a turn { "content": … }' });
    const huge = readReturnedTurn({ content: 'x'.repeat(MAX_CODE_TURN_CHARS) }, 1);
    expect(huge.ok).toBe(false);
    expect(!huge.ok && huge.message).toMatch(/^Code turn 2 returned \d+ characters of JSON; a turn may return at most 200000$/);
  });

  it('refuses an id the script already used', () => {
    const used = new Map([['a', 'turn 1, block 1']]);
    expect(readReturnedTurn({ content: [{ type: 'toolCall', id: 'a', name: 'echo', arguments: {} }] }, 1, used))
      .toEqual({ ok: false, message: 'Code turn 2 returned a malformed turn: turn 2, block 1 (toolCall): "id" "a" is already used by turn 1, block 1' });
  });
});

const listDir = (description: string): AgentTool<any> => ({
  name: 'list_dir',
  label: 'list_dir',
  description,
  parameters: Type.Object({ path: Type.String() }),
  execute: async (_id, params) => {
    const { path } = params as { path: string };
    if (path.startsWith('/')) throw new Error(`Absolute paths are not allowed: "${path}". Try "notes".`);
    return { content: [{ type: 'text', text: `${path}: todo.md` }], details: {} };
  },
});

/** A runner calling plain JS factories in-process, as the sandbox would call the turn's default export. */
function inProcess(factories: Record<number, (context: Context, ...rest: unknown[]) => unknown>, seen: unknown[] = []): CodeTurnRunner {
  return async ({ turnIndex, context, options, state, model }) => {
    seen.push({ turnIndex, callCount: state.callCount, tools: context.tools?.map((t) => ({ name: t.name, description: t.description })), roles: context.messages.map((m) => m.role) });
    return factories[turnIndex](context, options, state, model);
  };
}

const callsOf = (events: AgentEvent[]) => events.flatMap((e) => (e.type === 'tool_execution_start' ? [`${e.toolCallId} ${JSON.stringify(e.args)}`] : []));

describe('runScenario with code turns', () => {
  // Exercise A's model: it obeys the description it reads in the request.
  const obeys = (context: Context) => {
    const tool = context.tools?.find((t) => t.name === 'list_dir');
    const relative = /relative/i.test(tool?.description ?? '');
    return { content: [{ type: 'toolCall', name: 'list_dir', arguments: { path: relative ? 'notes' : '/notes' } }] };
  };
  // Exercise B's model: it retries with the path the error suggests.
  const followsError = (context: Context) => {
    const last = context.messages.at(-1) as ToolResultMessage;
    const text = last.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
    const suggested = /Try "([^"]+)"/.exec(text)?.[1];
    return suggested ? { content: [{ type: 'toolCall', name: 'list_dir', arguments: { path: suggested } }] } : { content: 'I give up.' };
  };

  it('calls the factory with the request: the tools and their descriptions, the messages, the call count', async () => {
    const scenario = parsed({ prompt: 'List notes', turns: [{ code: CODE }, { code: CODE }, { content: 'Done.' }] });
    const seen: unknown[] = [];
    const run = runScenario(scenario, {
      clock: new VirtualClock(), tools: [listDir('Lists a folder. Relative paths only.')],
      codeTurns: inProcess({ 0: obeys, 1: followsError }, seen),
    });
    const result = await run.finished;
    expect(seen).toEqual([
      { turnIndex: 0, callCount: 1, tools: [{ name: 'list_dir', description: 'Lists a folder. Relative paths only.' }], roles: ['user'] },
      { turnIndex: 1, callCount: 2, tools: [{ name: 'list_dir', description: 'Lists a folder. Relative paths only.' }], roles: ['user', 'assistant', 'toolResult'] },
    ]);
    expect(callsOf(result.events)).toEqual(['call_1_1 {"path":"notes"}']);
  });

  it('makes the next call follow the description and the error text the tools give', async () => {
    const scenario = parsed({ prompt: 'List notes', turns: [{ code: CODE }, { code: CODE }, { content: 'Done.' }] });
    const record = async (description: string) => callsOf((await runScenario(scenario, {
      clock: new VirtualClock(), tools: [listDir(description)], codeTurns: inProcess({ 0: obeys, 1: followsError }),
    }).finished).events);
    expect(await record('Lists a folder.')).toEqual(['call_1_1 {"path":"/notes"}', 'call_2_1 {"path":"notes"}']);
    expect(await record('Lists a folder. Relative paths only.')).toEqual(['call_1_1 {"path":"notes"}']);
  });

  it('ends the run at a code turn that throws, with the turn and line in the error', async () => {
    const scenario = parsed({ prompt: 'go', turns: [{ code: CODE }, { content: 'never' }] });
    const result = await runScenario(scenario, {
      clock: new VirtualClock(),
      codeTurns: async () => { throw new CodeTurnError('context.tools is undefined', 4, 10); },
    }).finished;
    const end = result.events.at(-1);
    expect(end?.type).toBe('agent_end');
    const last = result.messages.at(-1) as AssistantMessage;
    expect(last).toMatchObject({ role: 'assistant', stopReason: 'error', errorMessage: 'Code turn 1, line 4: context.tools is undefined', content: [] });
    expect(codeTurnFailureOf(last.errorMessage)).toEqual({ turn: 1, line: 4, message: 'Code turn 1, line 4: context.tools is undefined' });
  });

  it('ends the run at a malformed answer, and at a code turn with nothing to run it', async () => {
    const scenario = parsed({ prompt: 'go', turns: [{ code: CODE }] });
    const malformed = await runScenario(scenario, { clock: new VirtualClock(), codeTurns: async () => ({ content: [{ type: 'image' }] }) }).finished;
    expect((malformed.messages.at(-1) as AssistantMessage).errorMessage)
      .toBe('Code turn 1 returned a malformed turn: turn 1, block 1: "type" must be one of "text", "thinking", "toolCall" (found "image")');
    expect(codeTurnFailureOf((malformed.messages.at(-1) as AssistantMessage).errorMessage)).toMatchObject({ turn: 1 });
    const none = await runScenario(scenario, { clock: new VirtualClock() }).finished;
    expect((none.messages.at(-1) as AssistantMessage).errorMessage).toBe('Code turn 1 cannot run: nothing here runs turn code');
    expect(codeTurnFailureOf('Code turned 1 around')).toBeUndefined();
  });

  it('streams a code turn with the timing written beside its code', async () => {
    const scenario = parsed({ prompt: 'go', turns: [{ code: CODE, timing: { delayMs: 250 } }] });
    const result = await runScenario(scenario, { clock: new VirtualClock(), codeTurns: async () => ({ content: 'hi' }) }).finished;
    expect(result.durationMs).toBe(250);
  });
});
