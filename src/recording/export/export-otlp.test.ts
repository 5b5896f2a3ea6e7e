// The OTLP export: valid ExportTraceServiceRequest JSON, GenAI semantic-convention names only (1.37.0), the run,
// model calls and tool calls as spans with pi's phases beneath, errors as span status, the same file every time.
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { VirtualClock } from '../../engine/index.ts';
import { parseScenario } from '../scenario/parse/index.ts';
import type { AgentTool } from '../../engine/index.ts';
import { encodeOtlpJson, encodeOtlpTrace, OTEL_SCHEMA_URL } from './export-otlp.ts';
import type { OtlpSpan } from './otlp.ts';
import { recordScenario } from '../recorder/index.ts';
import type { Recording } from '../recording.ts';

/** Every gen_ai.* attribute of the GenAI semantic conventions 1.37.0 that this export may use. */
const GEN_AI_ATTRIBUTES = new Set([
  'gen_ai.operation.name', 'gen_ai.provider.name', 'gen_ai.agent.name', 'gen_ai.agent.id', 'gen_ai.agent.description',
  'gen_ai.conversation.id', 'gen_ai.request.model', 'gen_ai.request.max_tokens', 'gen_ai.request.temperature',
  'gen_ai.response.model', 'gen_ai.response.id', 'gen_ai.response.finish_reasons', 'gen_ai.usage.input_tokens',
  'gen_ai.usage.output_tokens', 'gen_ai.tool.name', 'gen_ai.tool.call.id', 'gen_ai.tool.type', 'gen_ai.tool.description',
  'gen_ai.output.type',
]);
/** Required (or conditionally required and known here) per operation. */
const REQUIRED: Record<string, string[]> = {
  invoke_agent: ['gen_ai.operation.name', 'gen_ai.agent.name'],
  chat: ['gen_ai.operation.name', 'gen_ai.provider.name', 'gen_ai.request.model', 'gen_ai.usage.input_tokens', 'gen_ai.usage.output_tokens', 'gen_ai.response.finish_reasons'],
  execute_tool: ['gen_ai.operation.name', 'gen_ai.tool.name', 'gen_ai.tool.call.id', 'gen_ai.tool.type'],
};
const VALUE_KINDS = ['stringValue', 'boolValue', 'intValue', 'doubleValue', 'arrayValue'];

async function record(id = 'rec-1', failHook = false): Promise<Recording> {
  const parsed = parseScenario(JSON.stringify({
    prompt: 'Wait a little',
    timing: { tokenSize: 8, tokensPerSecond: 100 },
    turns: [
      { content: [{ type: 'text', text: 'Waiting.' }, { type: 'toolCall', id: 'w1', name: 'wait', arguments: { ms: 250 } }, { type: 'toolCall', id: 'x1', name: 'nope' }] },
      { content: 'Done.' },
    ],
  }));
  if (!parsed.ok) throw new Error('scenario');
  const clock = new VirtualClock();
  const wait: AgentTool<any> = {
    name: 'wait', label: 'Wait', description: 'Waits', parameters: Type.Object({ ms: Type.Number() }),
    execute: async (_id, params, signal, onUpdate) => {
      onUpdate?.({ content: [{ type: 'text', text: 'half way' }], details: {} });
      await clock.sleep((params as { ms: number }).ms, signal);
      if (failHook) throw new Error('disk full');
      return { content: [{ type: 'text', text: 'waited' }], details: {} };
    },
  };
  return recordScenario(parsed.scenario, { id, clock, tools: [wait], hooks: { beforeToolCall: async () => undefined, afterToolCall: async () => undefined } }).finished;
}

const attr = (span: OtlpSpan, key: string) => span.attributes.find((a) => a.key === key)?.value;
const op = (span: OtlpSpan) => (attr(span, 'gen_ai.operation.name') as { stringValue?: string } | undefined)?.stringValue;

describe('OTLP JSON export', () => {
  it('has the ExportTraceServiceRequest shape: hex ids, nanosecond strings, typed attribute values, parents that exist', async () => {
    const request = JSON.parse(encodeOtlpJson([await record()]));
    expect(Object.keys(request)).toEqual(['resourceSpans']);
    const [resource] = request.resourceSpans;
    expect(resource.schemaUrl).toBe(OTEL_SCHEMA_URL);
    expect(OTEL_SCHEMA_URL).toBe('https://opentelemetry.io/schemas/1.37.0');
    expect(resource.resource.attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'pi-tool-playground' } });
    const [scope] = resource.scopeSpans;
    expect(scope.scope.name).toBe('pi-tool-playground');
    const spans = scope.spans as OtlpSpan[];
    const ids = new Set(spans.map((s) => s.spanId));
    expect(ids.size).toBe(spans.length);
    for (const s of spans) {
      expect(s.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(s.spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(s.traceId).toBe(spans[0].traceId);
      expect(s.startTimeUnixNano).toMatch(/^\d+$/);
      expect(s.endTimeUnixNano).toMatch(/^\d+$/);
      expect(BigInt(s.endTimeUnixNano) >= BigInt(s.startTimeUnixNano)).toBe(true);
      expect([1, 3]).toContain(s.kind);
      if (s.parentSpanId !== undefined) {
        expect(ids.has(s.parentSpanId), s.name).toBe(true);
        const parent = spans.find((p) => p.spanId === s.parentSpanId)!;
        expect(BigInt(s.startTimeUnixNano) >= BigInt(parent.startTimeUnixNano) && BigInt(s.endTimeUnixNano) <= BigInt(parent.endTimeUnixNano), `${s.name} inside ${parent.name}`).toBe(true);
      }
      for (const a of [...s.attributes, ...s.events.flatMap((e) => e.attributes)]) {
        expect(Object.keys(a.value)).toHaveLength(1);
        expect(VALUE_KINDS).toContain(Object.keys(a.value)[0]);
        if ('intValue' in a.value) expect(a.value.intValue).toMatch(/^-?\d+$/);
      }
      for (const e of s.events) expect(e.timeUnixNano).toMatch(/^\d+$/);
    }
    // Parents come before their children (readers that build the tree in one pass need it).
    spans.forEach((s, i) => { if (s.parentSpanId) expect(spans.findIndex((p) => p.spanId === s.parentSpanId), s.name).toBeLessThan(i); });
  });

  it('uses only the conventions\' gen_ai names, with the required ones on every span', async () => {
    const spans = encodeOtlpTrace([await record()]).resourceSpans[0].scopeSpans[0].spans;
    const used = new Set(spans.flatMap((s) => s.attributes.map((a) => a.key)).filter((k) => k.startsWith('gen_ai.')));
    for (const key of used) expect(GEN_AI_ATTRIBUTES.has(key), key).toBe(true);
    for (const s of spans) {
      const operation = op(s);
      if (!operation) continue;
      for (const key of REQUIRED[operation]) expect(attr(s, key), `${s.name}: ${key}`).toBeDefined();
      expect(s.name.startsWith(`${operation} `)).toBe(true);
    }
  });

  it('has one invoke_agent span, a chat span per model response and an execute_tool span per call with its phases', async () => {
    const spans = encodeOtlpTrace([await record()]).resourceSpans[0].scopeSpans[0].spans;
    const [run, ...others] = spans.filter((s) => op(s) === 'invoke_agent');
    expect(others).toEqual([]);
    expect(run.parentSpanId).toBeUndefined();
    expect(run.name).toBe('invoke_agent pi');
    const chats = spans.filter((s) => op(s) === 'chat');
    expect(chats).toHaveLength(2);
    expect(chats.every((c) => c.parentSpanId === run.spanId && c.kind === 3)).toBe(true);
    expect(chats.map((c) => attr(c, 'gen_ai.response.finish_reasons'))).toEqual([
      { arrayValue: { values: [{ stringValue: 'tool_call' }] } }, { arrayValue: { values: [{ stringValue: 'stop' }] } },
    ]);
    expect(attr(chats[0], 'gen_ai.usage.output_tokens')).toMatchObject({ intValue: expect.stringMatching(/^\d+$/) });

    const tools = spans.filter((s) => op(s) === 'execute_tool');
    expect(tools.map((s) => [s.name, attr(s, 'gen_ai.tool.call.id')])).toEqual([
      ['execute_tool wait', { stringValue: 'w1' }], ['execute_tool nope', { stringValue: 'x1' }],
    ]);
    expect(tools.every((s) => s.parentSpanId === run.spanId && attr(s, 'gen_ai.tool.type')?.hasOwnProperty('stringValue'))).toBe(true);
    const wait = tools[0];
    const phases = spans.filter((s) => s.parentSpanId === wait.spanId).map((s) => s.name);
    expect(phases).toEqual(expect.arrayContaining(['validate', 'beforeToolCall', 'execute', 'afterToolCall', 'result']));
    expect(wait.events.map((e) => e.name)).toContain('pi.tool.update');
    expect(wait.status).toBeUndefined();
    // A tool that does not exist fails its call: error status with pi's message.
    expect(tools[1].status).toMatchObject({ code: 2, message: expect.stringContaining('nope') });
  });

  it('marks a tool that throws as an error on its execute phase and its call', async () => {
    const spans = encodeOtlpTrace([await record('rec-3', true)]).resourceSpans[0].scopeSpans[0].spans;
    const call = spans.find((s) => op(s) === 'execute_tool' && s.name === 'execute_tool wait')!;
    expect(call.status).toMatchObject({ code: 2, message: 'disk full' });
    const execute = spans.find((s) => s.parentSpanId === call.spanId && s.name === 'execute')!;
    expect(execute.status).toMatchObject({ code: 2, message: 'disk full' });
    expect(attr(execute, 'error.type')).toEqual({ stringValue: 'pi.error' });
  });

  it('exports the same recording as the same file, and another recording under another trace id', async () => {
    const a = await record('rec-1');
    expect(encodeOtlpJson([a])).toBe(encodeOtlpJson([structuredClone(a)]));
    expect(encodeOtlpJson([a])).toBe(encodeOtlpJson([await record('rec-1')]));
    const traceOf = (r: Recording) => encodeOtlpTrace([r]).resourceSpans[0].scopeSpans[0].spans[0].traceId;
    expect(traceOf(await record('rec-2'))).not.toBe(traceOf(a));
  });
});
