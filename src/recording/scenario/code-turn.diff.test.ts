// Differential test: the same faux factory as a code turn of ours (run through runScenario and readReturnedTurn)
// and handed to pi-ai's faux provider under pi-agent-core's agentLoop gives the same events and messages.
import { afterEach, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { agentLoop as piAgentLoop } from '@earendil-works/pi-agent-core';
import { fauxAssistantMessage, fauxText, fauxToolCall, registerFauxProvider, streamSimple } from '@earendil-works/pi-ai/compat';
import { VirtualClock } from '../../engine/index.ts';
import type { Context, Message, Model } from '../../ai/index.ts';
import type { AgentEvent, AgentMessage, AgentTool } from '../../engine/index.ts';
import { parseScenario } from './parse/index.ts';
import { runScenario } from './run-scenario.ts';

const listDir: AgentTool<any> = {
  name: 'list_dir',
  label: 'list_dir',
  description: 'Lists a folder. Relative paths only.',
  parameters: Type.Object({ path: Type.String() }),
  execute: async (_id, params) => {
    const { path } = params as { path: string };
    if (path.startsWith('/')) throw new Error(`Absolute paths are not allowed: "${path}". Try "notes".`);
    return { content: [{ type: 'text', text: 'cities.md\ntodo.md' }], details: {} };
  },
};

/** Two factories as a learner writes them: one reads the description, one the error text of the last result. */
const factories = [
  (context: Context) => {
    const tool = context.tools?.find((t) => t.name === 'list_dir');
    const path = /relative/i.test(tool?.description ?? '') ? '/notes' : 'notes'; // slips on purpose
    return fauxAssistantMessage([fauxText('Listing.'), fauxToolCall('list_dir', { path }, { id: 'first' })], { stopReason: 'toolUse' });
  },
  (context: Context) => {
    const last = context.messages.at(-1) as Message & { content: { type: string; text?: string }[] };
    const hint = /Try "([^"]+)"/.exec(last.content.map((b) => b.text ?? '').join(''))?.[1] ?? '.';
    return fauxAssistantMessage([fauxToolCall('list_dir', { path: hint }, { id: 'second' })], { stopReason: 'toolUse' });
  },
  (context: Context, _options: unknown, state: { callCount: number }) => fauxAssistantMessage(`Request ${state.callCount}: ${context.messages.length} messages.`),
];

const normalize = (events: AgentEvent[]) => JSON.stringify(events).replace(/"timestamp":\d+/g, '"timestamp":0');

let unregister: (() => void) | undefined;
afterEach(() => unregister?.());

describe('code turns match pi\'s faux factories', () => {
  it('emits the events pi emits when the same factories answer pi\'s faux provider', async () => {
    const faux = registerFauxProvider({ api: 'faux-code-turns', tokenSize: { min: 2, max: 2 } });
    unregister = faux.unregister;
    faux.setResponses(factories as never);
    const model = faux.getModel() as unknown as Model;
    const prompts: AgentMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'List notes' }], timestamp: 0 }];
    const piStream = piAgentLoop(
      prompts as never,
      { systemPrompt: 'sys', messages: [], tools: [listDir] as never },
      {
        model: model as never,
        convertToLlm: (messages: AgentMessage[]) => messages.filter((m) => ['user', 'assistant', 'toolResult'].includes((m as Message).role)) as never,
        toolExecution: 'parallel',
        getSteeringMessages: async () => [],
        getFollowUpMessages: async () => [],
      } as never,
      undefined,
      streamSimple as never,
    );
    const theirs: AgentEvent[] = [];
    for await (const event of piStream) theirs.push(JSON.parse(JSON.stringify(event)));

    const code = 'export default () => undefined;';
    const parsed = parseScenario(JSON.stringify({ systemPrompt: 'sys', prompt: 'List notes', timing: { tokenSize: 2 }, turns: [{ code }, { code }, { code }] }));
    if (!parsed.ok) throw new Error('scenario should parse');
    const ours = runScenario(parsed.scenario, {
      clock: new VirtualClock(), tools: [listDir], model,
      codeTurns: async ({ turnIndex, context, options, state, model: asked }) => (factories[turnIndex] as (...args: unknown[]) => unknown)(context, options, state, asked),
    });
    const mine: AgentEvent[] = [];
    for await (const event of ours.events) mine.push(JSON.parse(JSON.stringify(event)));

    expect(mine.filter((e) => e.type === 'tool_execution_start').map((e) => (e as { args: unknown }).args)).toEqual([{ path: '/notes' }, { path: 'notes' }]);
    expect(normalize(mine)).toBe(normalize(theirs));
  });
});
