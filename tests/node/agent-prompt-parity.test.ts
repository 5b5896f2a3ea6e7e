// Lesson 17's claim, checked against the real pi 0.85.1: Agent.prompt() and agentLoop() run one loop, so a turn with
// a tool call and both hooks emits the same events in the same order, and the hooks see the same calls. What Agent
// adds stays outside the events: its transcript (agent.state.messages) ends up as agentLoop()'s messages.
import { Agent, agentLoop, type AgentEvent, type AgentMessage, type AgentTool } from '@earendil-works/pi-agent-core';
import { fauxAssistantMessage, fauxToolCall, Type } from '@earendil-works/pi-ai';
import { registerFauxProvider, streamSimple } from '@earendil-works/pi-ai/compat';
import { afterEach, describe, expect, it } from 'vitest';
import { findLesson } from '../../src/content/lessons/index.ts';

const lesson = findLesson('prompt-or-agent-loop')!;
const registrations: { unregister(): void }[] = [];
afterEach(() => { for (const r of registrations.splice(0)) r.unregister(); });

/** The lesson's turns in pi's faux vocabulary (one get_weather call, then the answer). */
function setUp() {
  const faux = registerFauxProvider({ tokenSize: { min: 1000, max: 1000 } });
  registrations.push(faux);
  const [call, answer] = lesson.scenario.turns;
  if (!('content' in call) || !('content' in answer)) throw new Error('this lesson scripts block turns');
  const block = (call.content as { name: string; arguments: Record<string, unknown> }[])[0];
  faux.setResponses([
    fauxAssistantMessage([fauxToolCall(block.name, block.arguments, { id: 'call_1_1' })], { stopReason: 'toolUse' }),
    fauxAssistantMessage(answer.content as string),
  ]);
  const hookLog: string[] = [];
  const parameters = Type.Object({ city: Type.String() });
  const tool: AgentTool<typeof parameters> = {
    name: 'get_weather', label: 'Weather', description: 'Weather for one city.', parameters,
    async execute(_id, { city }) { return { content: [{ type: 'text', text: `${city}: 18°C` }], details: {} }; },
  };
  const hooks = {
    beforeToolCall: async ({ toolCall }: { toolCall: { name: string } }) => { hookLog.push(`before ${toolCall.name}`); return undefined; },
    afterToolCall: async ({ toolCall }: { toolCall: { name: string } }) => { hookLog.push(`after ${toolCall.name}`); return undefined; },
  };
  return { model: faux.getModel(), tool, hooks, hookLog };
}

const shape = (events: AgentEvent[]) => events.filter((e) => e.type !== 'message_update')
  .map((e) => ('toolCallId' in e ? `${e.type} ${e.toolCallId}` : 'message' in e && !Array.isArray(e.message) ? `${e.type} ${e.message.role}` : e.type));
const roles = (messages: AgentMessage[]) => messages.map((m) => m.role);

describe('Agent.prompt() and agentLoop() (pi 0.85.1)', () => {
  it('emit the same events in the same order for a tool call, and call the same hooks', async () => {
    const viaLoop = setUp();
    const loopEvents: AgentEvent[] = [];
    const stream = agentLoop(
      [{ role: 'user', content: lesson.scenario.prompt as string, timestamp: 0 }],
      { systemPrompt: lesson.settings.systemPrompt, messages: [], tools: [viaLoop.tool] },
      { model: viaLoop.model, convertToLlm: (m: AgentMessage[]) => m as never, toolExecution: 'parallel', ...viaLoop.hooks } as never,
      undefined,
      streamSimple as never,
    );
    for await (const event of stream) loopEvents.push(event);
    const loopMessages = await stream.result();

    const viaAgent = setUp();
    const agent = new Agent({
      initialState: { systemPrompt: lesson.settings.systemPrompt, model: viaAgent.model, tools: [viaAgent.tool] },
      streamFn: streamSimple as never,
      toolExecution: 'parallel',
      ...viaAgent.hooks,
    } as never);
    const agentEvents: AgentEvent[] = [];
    agent.subscribe((event) => { agentEvents.push(event); });
    await agent.prompt(lesson.scenario.prompt as string);

    expect(shape(agentEvents)).toEqual(shape(loopEvents));
    expect(shape(loopEvents)).toContain('tool_execution_start call_1_1');
    expect(viaAgent.hookLog).toEqual(viaLoop.hookLog);
    expect(viaLoop.hookLog).toEqual(['before get_weather', 'after get_weather']);
    expect(roles(agent.state.messages)).toEqual(roles(loopMessages));
    expect(roles(loopMessages)).toEqual(['user', 'assistant', 'toolResult', 'assistant']);
  });
});
