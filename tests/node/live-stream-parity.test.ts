// A live run's claim, checked against the real pi 0.85.1 for each browser-callable API: our loop with pi-ai's own
// stream function (through createLiveStreamFn) against the provider stand-in emits the same events, in the same
// order, with the same messages, as pi's runAgentLoop with the same stream function against the same stand-in (each
// event snapshotted as it is emitted: pi-ai mutates partial messages in place).
import { runAgentLoop as piRunAgentLoop, type AgentEvent, type AgentTool } from '@earendil-works/pi-agent-core';
import { Type } from '@earendil-works/pi-ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAgentLoop } from '../../src/engine/index.ts';
import { createLiveStreamFn, LIVE_APIS, loadLiveStream, resolveLiveModel, scenarioFromLiveRecording } from '../../src/ai/live/index.ts';
import { recordScenario } from '../../src/recording/recorder/index.ts';
import { RealClock, VirtualClock } from '../../src/engine/index.ts';
import { normalizeScenario } from '../../src/recording/scenario/index.ts';
import type { Scenario } from '../../src/recording/scenario/index.ts';
import { startProviderStandIn, toolThenAnswer, type ProviderStandIn } from '../support/provider-stand-in/index.ts';

const KEY = 'sk-standin-parity-0123456789';
let standIn: ProviderStandIn;
beforeAll(async () => {
  standIn = await startProviderStandIn();
  standIn.setScript('parity-tools', toolThenAnswer('echo', { text: 'hello stand-in' }, 'The echo said hello stand-in.'));
});
afterAll(() => standIn.close());

const parameters = Type.Object({ text: Type.String() });
// pi's AgentTool and ours take the same shape; `any` lets one object serve both loops.
const echo: AgentTool<any> = {
  name: 'echo', label: 'Echo', description: 'Echoes a text.', parameters,
  async execute(_id, params) { const { text } = params as { text: string }; return { content: [{ type: 'text', text: `echo: ${text}` }], details: { length: text.length } }; },
};

/**
 * Events as a user compares them: wall-clock stamps and response ids (counted by the stand-in) left out, and the
 * in-flight assistant message of message_start and message_update too. pi-ai fills that partial message in place
 * while its stream reads ahead of the loop, so what it holds when an event is emitted depends on how the network
 * cut the bytes into chunks: in pi as in ours, so two runs of pi itself can differ there. Each event's type,
 * order, delta and content index, and every finished message, stay compared.
 */
function comparable(events: unknown[]): unknown {
  const stable = (events as any[]).map((event) => {
    if ((event.type !== 'message_start' && event.type !== 'message_update') || event.message?.role !== 'assistant') return event;
    const { message: _partial, ...rest } = event;
    if (!rest.assistantMessageEvent) return rest;
    const { partial: _same, ...update } = rest.assistantMessageEvent;
    return { ...rest, assistantMessageEvent: update };
  });
  return JSON.parse(JSON.stringify(stable, (key, value) => (key === 'timestamp' || key === 'responseId' ? 0 : value)));
}

const prompt = () => [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Echo "hello stand-in", please.' }], timestamp: 0 }];
const convertToLlm = (messages: any[]) => messages.filter((m) => ['user', 'assistant', 'toolResult'].includes(m.role));

describe.each(LIVE_APIS)('a live run over %s', (api) => {
  it("emits pi's own events: our loop and pi's agentLoop with pi-ai's stream against the stand-in", async () => {
    const streamSimple = await loadLiveStream(api);
    const model = resolveLiveModel({ api, model: 'parity-tools', baseUrl: standIn.baseUrlFor(api) });
    const context = () => ({ systemPrompt: 'You are a test.', messages: [], tools: [echo] });

    const theirs: AgentEvent[] = [];
    await piRunAgentLoop(prompt(), context(), { model, convertToLlm, getApiKey: () => KEY } as any, (event) => { theirs.push(structuredClone(event)); }, undefined, streamSimple as any);

    const ours: unknown[] = [];
    const live = createLiveStreamFn(streamSimple, { apiKey: () => KEY });
    await runAgentLoop(prompt(), context(), { model, convertToLlm } as any, (event) => { ours.push(structuredClone(event)); }, undefined, live);

    expect(theirs.map((e) => e.type)).toContain('tool_execution_end');
    expect(comparable(ours)).toEqual(comparable(theirs));
    const ends = theirs.filter((e) => e.type === 'message_end' && (e as any).message.role === 'assistant');
    expect(ends.map((e: any) => e.message.stopReason)).toEqual(['toolUse', 'stop']);
    expect(standIn.requests.at(-1)!.apiKey).toBe(KEY);
  });

  it('records a live run as a scenario that replays through the same loop with the same messages', async () => {
    const streamSimple = await loadLiveStream(api);
    const model = resolveLiveModel({ api, model: 'parity-tools', baseUrl: standIn.baseUrlFor(api) });
    const scenario: Scenario = normalizeScenario({ prompt: 'Echo "hello stand-in", please.', systemPrompt: 'You are a test.', turns: [] });
    const live = recordScenario(scenario, {
      id: 'live', clock: new RealClock(), tools: [echo],
      live: { model, streamFn: createLiveStreamFn(streamSimple, { apiKey: () => KEY }) },
    });
    const recording = await live.finished;
    const file = scenarioFromLiveRecording(recording, { prompts: scenario.prompts, systemPrompt: scenario.systemPrompt, toolExecution: 'parallel', model });
    expect(JSON.stringify(file)).not.toContain(KEY);
    const replay = await recordScenario(normalizeScenario(file), { id: 'replay', clock: new VirtualClock(), tools: [echo], live: { model } }).finished;
    const finals = (r: typeof recording) => r.events.filter((e) => e.source === 'pi' && e.event.type !== 'message_update')
      .map((e) => (e.event.type === 'message_end' || e.event.type === 'tool_execution_end' ? e.event : e.event.type));
    const strip = (value: unknown) => JSON.parse(JSON.stringify(value, (key, v) => (['timestamp', 'responseId', 'usage', 'rawStopReason', 'textSignature', 'thinkingSignature', 'thoughtSignature'].includes(key) ? undefined : v)));
    expect(strip(finals(replay))).toEqual(strip(finals(recording)));
  });
});

describe('bad input over each API ends the run as pi ends it, with the key scrubbed', () => {
  it.each(LIVE_APIS)('%s: a 401 quoting the key', async (api) => {
    const streamSimple = await loadLiveStream(api);
    const model = resolveLiveModel({ api, model: 'standin-401', baseUrl: standIn.baseUrlFor(api) });
    const theirs: AgentEvent[] = [];
    await piRunAgentLoop(prompt(), { systemPrompt: '', messages: [], tools: [] }, { model, convertToLlm, getApiKey: () => KEY } as any, (event) => { theirs.push(structuredClone(event)); }, undefined, streamSimple as any);
    const ours: any[] = [];
    await runAgentLoop(prompt(), { systemPrompt: '', messages: [], tools: [] }, { model, convertToLlm } as any, (e) => { ours.push(structuredClone(e)); }, undefined, createLiveStreamFn(streamSimple, { apiKey: () => KEY }));
    const last = ours.filter((e) => e.type === 'message_end').at(-1).message;
    expect(last.stopReason).toBe('error');
    expect(last.errorMessage).toMatch(/401|Incorrect API key|api key/i);
    expect(JSON.stringify(ours)).not.toContain(KEY);
    // Apart from the scrubbed key, pi's own text.
    const theirLast = (theirs.filter((e) => e.type === 'message_end').at(-1) as any).message;
    expect(last.errorMessage).toBe(theirLast.errorMessage.split(KEY).join('[api key removed]'));
  });

  it.each(LIVE_APIS.flatMap((api) => ['standin-429', 'standin-500', 'standin-cut', 'standin-malformed'].map((m) => [api, m] as const)))('%s: %s', async (api, modelId) => {
    const streamSimple = await loadLiveStream(api);
    const model = resolveLiveModel({ api, model: modelId, baseUrl: standIn.baseUrlFor(api) });
    const theirs: AgentEvent[] = [];
    await piRunAgentLoop(prompt(), { systemPrompt: '', messages: [], tools: [] }, { model, convertToLlm, getApiKey: () => KEY } as any, (event) => { theirs.push(structuredClone(event)); }, undefined, streamSimple as any);
    const ours: any[] = [];
    await runAgentLoop(prompt(), { systemPrompt: '', messages: [], tools: [] }, { model, convertToLlm } as any, (e) => { ours.push(structuredClone(e)); }, undefined, createLiveStreamFn(streamSimple, { apiKey: () => KEY }));
    expect(comparable(ours)).toEqual(comparable(theirs));
    const last = ours.filter((e) => e.type === 'message_end').at(-1).message;
    expect(last.stopReason).toBe('error');
    expect(last.errorMessage).toBeTruthy();
  });
});
