// runScenario against the real pi: the same script through pi-agent-core's agentLoop with pi-ai's faux provider,
// and through runScenario on a VirtualClock, must produce the same events and messages (timestamps aside).
import { afterEach, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { agentLoop as piAgentLoop } from '@earendil-works/pi-agent-core';
import { fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall, registerFauxProvider, streamSimple } from '@earendil-works/pi-ai/compat';
import { RealClock, VirtualClock, type Clock } from '../../engine/index.ts';
import type { Message, Model } from '../../ai/index.ts';
import type { AgentEvent, AgentMessage, AgentTool } from '../../engine/index.ts';
import { parseScenario } from './parse/index.ts';
import { runScenario } from './run-scenario.ts';

function sleepTool(clock: Clock): AgentTool<any> {
  return {
    name: 'sleep',
    label: 'Sleep',
    description: 'Waits for ms milliseconds',
    parameters: Type.Object({ ms: Type.Integer({ minimum: 0 }) }),
    execute: async (_id, params) => {
      const { ms } = params as { ms: number };
      await clock.sleep(ms);
      return { content: [{ type: 'text', text: `slept ${ms}` }], details: { ms } };
    },
  };
}

const normalize = (events: AgentEvent[]) => JSON.stringify(events).replace(/"timestamp":\d+/g, '"timestamp":0');

let unregister: (() => void) | undefined;
afterEach(() => unregister?.());

describe('runScenario matches pi', () => {
  it('emits the events pi-agent-core emits for the same script on pi-ai faux', async () => {
    const file = {
      systemPrompt: 'You sleep.',
      prompt: ['Sleep', 'twice'],
      timing: { tokenSize: 2 },
      turns: [
        { content: [{ type: 'thinking', thinking: 'Two naps, 😀.' }, { type: 'text', text: 'Napping.' }, { type: 'toolCall', id: 'a', name: 'sleep', arguments: { ms: 40 } }, { type: 'toolCall', id: 'b', name: 'sleep', arguments: { ms: 10 } }, { type: 'toolCall', id: 'c', name: 'nope', arguments: {} }] },
        { content: 'Rested.' },
      ],
    };
    const parsed = parseScenario(JSON.stringify(file));
    if (!parsed.ok) throw new Error('scenario should parse');

    const faux = registerFauxProvider({ api: 'faux-run-scenario', tokenSize: { min: 2, max: 2 } });
    unregister = faux.unregister;
    faux.setResponses([
      fauxAssistantMessage([fauxThinking('Two naps, 😀.'), fauxText('Napping.'), fauxToolCall('sleep', { ms: 40 }, { id: 'a' }), fauxToolCall('sleep', { ms: 10 }, { id: 'b' }), fauxToolCall('nope', {}, { id: 'c' })], { stopReason: 'toolUse' }),
      fauxAssistantMessage('Rested.'),
    ]);
    const model = faux.getModel() as unknown as Model;
    const realClock = new RealClock();
    const prompts: AgentMessage[] = ['Sleep', 'twice'].map((text) => ({ role: 'user', content: [{ type: 'text', text }], timestamp: 0 }));
    const piStream = piAgentLoop(
      prompts as never,
      { systemPrompt: 'You sleep.', messages: [], tools: [sleepTool(realClock)] as never },
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

    const clock = new VirtualClock();
    const ours = runScenario(parsed.scenario, { clock, tools: [sleepTool(clock)], model });
    const mine: AgentEvent[] = [];
    for await (const event of ours.events) mine.push(JSON.parse(JSON.stringify(event)));

    expect(normalize(mine)).toBe(normalize(theirs));
    expect((await ours.finished).durationMs).toBe(40);
  });
});
