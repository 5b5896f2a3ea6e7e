// Every lesson, played with its real tool and hooks source in the real sandbox on a virtual clock: the behaviour its
// captions describe happens (pi's texts, durations, one request, the blocked reason…), and every caption anchor
// resolves to an event of the recording, in reading order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLesson, LESSONS, resolveCaptions, type LabelledRecordings, type Lesson } from '../../content/lessons/index.ts';
import { VALIDATION_MESSAGE } from '../../content/lessons/index.ts';
import { CONFIG_BEFORE } from '../../content/lessons/index.ts';
import { BLOCK_REASON } from '../../content/lessons/index.ts';
import { TRUNCATION_MESSAGE } from '../../content/lessons/index.ts';
import { NOT_FOUND_MESSAGE } from '../../content/lessons/index.ts';
import { REPORT_TEXT } from '../../content/lessons/index.ts';
import { ABSOLUTE_PATH_ERROR, MISSING_FILE_ERROR } from '../../content/lessons/index.ts';
import { lintTools } from '../../ai/lint/index.ts';
import { API_VARIANTS, encodeVariants } from '../../ai/providers/index.ts';
import { encodePng } from '../../coding-tools/images/index.ts';
import { checkTrace } from '../../recording/index.ts';
import type { RecordedEvent, Recording } from '../../recording/index.ts';
import type { TraceEvent } from '../../engine/index.ts';
import type { AssistantMessage, ToolResultMessage } from '../../ai/index.ts';
import type { AgentEvent, AgentMessage } from '../../engine/index.ts';
import { createSandbox } from '../../sandbox/index.ts';
import type { Sandbox } from '../../sandbox/types.ts';
import { LessonFsHost, recordLessonWithSandbox } from './runner.ts';

let sandbox: Sandbox;
const fsHost = new LessonFsHost();
const played = new Map<string, LabelledRecordings>();

beforeAll(() => {
  sandbox = createSandbox({ fs: fsHost });
});
afterAll(() => sandbox.dispose());

async function play(lesson: Lesson): Promise<LabelledRecordings> {
  const cached = played.get(lesson.id);
  if (cached) return cached;
  const outcome = await recordLessonWithSandbox(lesson, sandbox, fsHost);
  if (!outcome.ok) throw new Error(JSON.stringify('diagnostics' in outcome ? outcome.diagnostics : outcome.errors));
  played.set(lesson.id, outcome.recordings);
  return outcome.recordings;
}

const lesson = (id: string) => findLesson(id)!;
const piEvents = (r: Recording): AgentEvent[] => r.events.flatMap((e) => (e.source === 'pi' ? [e.event] : []));
const traceEvents = (r: Recording): TraceEvent[] => r.events.flatMap((e) => (e.source === 'trace' ? [e.event] : []));
const finalMessages = (r: Recording): AgentMessage[] => {
  const end = piEvents(r).find((e) => e.type === 'agent_end');
  return end && end.type === 'agent_end' ? end.messages : [];
};
const assistants = (r: Recording) => finalMessages(r).filter((m): m is AssistantMessage => m.role === 'assistant');
const result = (r: Recording, id: string) =>
  finalMessages(r).find((m): m is ToolResultMessage => m.role === 'toolResult' && m.toolCallId === id);
const text = (m: { content: unknown } | undefined) =>
  ((m?.content ?? []) as { type: string; text?: string }[]).map((c) => c.text ?? '').join('');
const phases = (r: Recording, id: string) =>
  traceEvents(r).flatMap((e) => (e.type === 'trace_phase_end' && e.toolCallId === id ? [e] : []));
const phase = (r: Recording, id: string, name: string) => phases(r, id).find((e) => e.phase === name);
const main = async (id: string) => (await play(lesson(id)))[0].recording;
const byLabel = async (id: string, label: string) => (await play(lesson(id))).find((r) => r.label === label)!.recording;
const batchSpan = (r: Recording) => {
  const trace = traceEvents(r);
  const start = trace.find((e) => e.type === 'trace_batch_start')!;
  const end = trace.find((e) => e.type === 'trace_batch_end')!;
  return end.t - start.t;
};

async function agentToolsOf(id: string) {
  const evaluation = await sandbox.evaluate(lesson(id).tools.map((t) => ({ ...t, role: 'tool' as const })));
  return sandbox.agentTools(evaluation);
}

/** The request bodies of the named variants for a conversation (plain JSON, as sent). */
function encodedBodies(tools: Awaited<ReturnType<typeof agentToolsOf>>, messages: AgentMessage[], keys: string[]): Record<string, any> {
  const variants = API_VARIANTS.filter((v) => keys.includes(v.key));
  const out: Record<string, any> = {};
  for (const { variant, result: encoded } of encodeVariants({ systemPrompt: 'sys', messages: messages as never[], tools }, {}, variants)) {
    if (!encoded.ok) throw new Error(`${variant.key}: ${JSON.stringify(encoded.error)}`);
    out[variant.key] = JSON.parse(JSON.stringify(encoded.body));
  }
  return out;
}

describe('every lesson', () => {
  it.each(LESSONS.map((l) => [l.id, l] as const))('%s plays to the end with every caption at an event, in reading order', async (_id, l) => {
    const recordings = await play(l);
    expect(recordings.map((r) => r.label)).toEqual(l.compare ? ['parallel', 'sequential'] : ['main']);
    for (const { recording } of recordings) {
      expect(recording.status, recording.failure).toBe('done');
      expect(piEvents(recording).at(-1)?.type).toBe('agent_end');
      expect(checkTrace(traceEvents(recording))).toEqual([]);
    }
    const resolved = resolveCaptions(recordings, l.captions);
    const missing = resolved.filter((c) => !c.position).map((c) => c.caption.id);
    expect(missing).toEqual([]);
    // Captions are written in the order they appear: by event within one run, by time across compared runs.
    const order = resolved.map((c) => (l.compare ? c.position!.t : c.position!.seq));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('replays identically: two recordings of the same lesson are the same', async () => {
    const again = await recordLessonWithSandbox(lesson('one-sequential-tool'), sandbox, fsHost);
    if (!again.ok) throw new Error('did not record');
    const first = await play(lesson('one-sequential-tool'));
    const strip = (events: RecordedEvent[]) => JSON.stringify(events);
    expect(strip(again.recordings[0].recording.events)).toBe(strip(first[0].recording.events));
  });
});

describe('what the captions promise', () => {
  it('1: the tool is declared, called, answered, and the run adds four messages', async () => {
    const r = await main('tools-in-the-loop');
    expect(assistants(r)[0].stopReason).toBe('toolUse');
    expect(assistants(r)[0].content[1]).toMatchObject({ type: 'toolCall', id: 'call_1_2', name: 'get_weather' });
    expect(text(result(r, 'call_1_2'))).toBe('Paris: 1°C, light rain');
    expect(finalMessages(r).map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult', 'assistant']);
  });

  it('2: prepareArguments rewrites on our side; requests carry neither label, executionMode nor details', async () => {
    const r = await main('what-the-model-sees');
    const start = piEvents(r).find((e) => e.type === 'tool_execution_start');
    expect(start).toMatchObject({ args: { orderId: '#a-1042' } });
    expect(phase(r, 'call_1_1', 'prepare')?.data).toMatchObject({ changed: true, after: { orderId: 'A-1042' } });
    const toolResult = result(r, 'call_1_1')!;
    expect(toolResult.details).toMatchObject({ warehouse: 'LIS-2' });
    // The second request, as each provider would send it.
    const evaluation = await sandbox.evaluate(lesson('what-the-model-sees').tools.map((t) => ({ ...t, role: 'tool' as const })));
    const tools = sandbox.agentTools(evaluation);
    expect(tools[0]).toMatchObject({ label: 'Order lookup', executionMode: 'parallel' });
    const messages = finalMessages(r).slice(0, 3) as never[];
    const bodies = encodeVariants({ systemPrompt: 'sys', messages, tools });
    expect(bodies.length).toBeGreaterThan(5);
    for (const { variant, result: encoded } of bodies) {
      expect(encoded.ok, variant.key).toBe(true);
      const body = JSON.stringify(encoded.ok ? encoded.body : null);
      expect(body).toContain('lookup_order');
      expect(body).toContain('Look up the delivery status');
      expect(body).toContain('Order A-1042: shipped');
      const keeps = variant.api === 'pi-messages';
      for (const secret of ['Order lookup', 'LIS-2', 'executionMode']) expect(body.includes(secret), `${variant.key} ${secret}`).toBe(keeps);
    }
  });

  it('3: pi\'s exact validation message, no execute, then the corrected call runs', async () => {
    const r = await main('validation-and-retry');
    expect(result(r, 'call_1_1')).toMatchObject({ isError: true });
    expect(text(result(r, 'call_1_1'))).toBe(VALIDATION_MESSAGE);
    expect(phase(r, 'call_1_1', 'execute')).toBeUndefined();
    expect(result(r, 'call_2_2')).toMatchObject({ isError: false });
    expect(text(result(r, 'call_2_2'))).toBe('3-day forecast for Lisbon: sunny, sunny, light rain');
  });

  it('4: a returned isError is a success, a throw is an error, with the same text', async () => {
    const r = await main('throw-or-return');
    const ends = piEvents(r).filter((e) => e.type === 'tool_execution_end');
    expect(ends.map((e) => e.type === 'tool_execution_end' && [e.toolCallId, e.isError]).sort()).toEqual([['call_1_1', false], ['call_1_2', true]]);
    expect(result(r, 'call_1_1')).toMatchObject({ isError: false });
    expect(result(r, 'call_1_2')).toMatchObject({ isError: true });
    expect(text(result(r, 'call_1_1'))).toBe('No user with id 42');
    expect(text(result(r, 'call_1_2'))).toBe('No user with id 42');
  });

  it('5 and C: two 2-second tools take about 2 s in parallel and about 4 s in sequence', async () => {
    for (const id of ['parallel-vs-sequential', 'exercise-timing']) {
      const parallel = await byLabel(id, 'parallel');
      const sequential = await byLabel(id, 'sequential');
      expect(batchSpan(parallel)).toBe(2000);
      expect(batchSpan(sequential)).toBe(4000);
      expect(parallel.durationMs).toBeGreaterThanOrEqual(2000);
      expect(parallel.durationMs).toBeLessThan(2200);
      expect(sequential.durationMs).toBeGreaterThanOrEqual(4000);
      expect(sequential.durationMs).toBeLessThan(4200);
    }
  });

  it('6: one sequential tool makes the parallel batch sequential; deploy streams updates', async () => {
    const r = await main('one-sequential-tool');
    expect(r.toolExecution).toBe('parallel');
    expect(traceEvents(r).find((e) => e.type === 'trace_batch_start')).toMatchObject({ mode: 'sequential' });
    const events = piEvents(r);
    expect(events.filter((e) => e.type === 'tool_execution_update' && e.toolCallId === 'call_1_1')).toHaveLength(3);
    const deployEnd = events.findIndex((e) => e.type === 'tool_execution_end' && e.toolCallId === 'call_1_1');
    const fetchStart = events.findIndex((e) => e.type === 'tool_execution_start' && e.toolCallId === 'call_1_2');
    expect(fetchStart).toBeGreaterThan(deployEnd);
    expect(batchSpan(r)).toBe(3200);
  });

  it('7: read returns the file, edit replaces the text read, on the lesson\'s own files', async () => {
    const r = await main('read-then-edit');
    expect(text(result(r, 'call_1_2'))).toBe(CONFIG_BEFORE);
    expect(text(result(r, 'call_2_1'))).toBe('Successfully replaced 1 block(s) in src/config.ts.');
    expect(traceEvents(r).some((e) => e.type === 'trace_fs' && e.op === 'write' && e.path.endsWith('src/config.ts'))).toBe(true);
  });

  it('8: when every result says terminate, the run ends after one request', async () => {
    const r = await main('terminate');
    expect(assistants(r)).toHaveLength(1);
    expect(traceEvents(r).find((e) => e.type === 'trace_batch_end')).toMatchObject({ terminate: true });
    expect(finalMessages(r).map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult', 'toolResult']);
  });

  it('9: addedToolNames is copied into the toolResult message', async () => {
    const r = await main('added-tool-names');
    expect(result(r, 'call_1_2')?.addedToolNames).toEqual(['convert_currency']);
  });

  it('10: beforeToolCall blocks with its reason; afterToolCall redacts what execute returned', async () => {
    const r = await main('hooks');
    expect(result(r, 'call_1_1')).toMatchObject({ isError: true });
    expect(text(result(r, 'call_1_1'))).toBe(BLOCK_REASON);
    expect(phase(r, 'call_1_1', 'execute')).toBeUndefined();
    expect(JSON.stringify(phase(r, 'call_1_2', 'execute')?.data)).toContain('sk-live-4f9a8b7c6d5e');
    expect(text(result(r, 'call_1_2'))).toBe('DATABASE_URL=postgres://app@db:5432/app\nAPI_KEY=[redacted]\nLOG_LEVEL=info');
  });

  it('11: a length stop runs none of its calls, complete or cut, gives pi\'s truncation text, and the re-issued calls succeed', async () => {
    const r = await main('length-cut-off');
    const [first] = assistants(r);
    expect(first.stopReason).toBe('length');
    expect(first.content[2]).toMatchObject({ arguments: { title: 'Release checklist', body: '1. Tag v1.4.2\n2. Deploy to sta' } });
    for (const id of ['call_1_2', 'call_1_3']) {
      expect(result(r, id)).toMatchObject({ isError: true });
      expect(text(result(r, id))).toBe(TRUNCATION_MESSAGE);
      expect(phases(r, id).map((e) => e.phase)).not.toContain('validate');
      expect(phases(r, id).map((e) => e.phase)).not.toContain('execute');
    }
    expect(text(result(r, 'call_2_1'))).toBe('Saved "Shopping list" (2 lines).');
    expect(text(result(r, 'call_2_2'))).toBe('Saved "Release checklist" (4 lines).');
  });

  it('12: an abort while preparing gives two "Operation aborted" results, nothing for the third call, an aborted request', async () => {
    const r = await main('abort');
    expect(text(result(r, 'call_1_1'))).toBe('Operation aborted');
    expect(text(result(r, 'call_1_2'))).toBe('Operation aborted');
    expect(piEvents(r).some((e) => 'toolCallId' in e && e.toolCallId === 'call_1_3')).toBe(false);
    const last = assistants(r).at(-1)!;
    expect(last).toMatchObject({ stopReason: 'aborted', errorMessage: 'Request was aborted' });
    expect(assistants(r)).toHaveLength(2);
  });

  it('A and B: the tools throw messages the model can act on, and the retries succeed', async () => {
    const a = await main('exercise-list-dir');
    expect(calls(a)).toEqual(['call_1_1 {"path":"/notes"}', 'call_2_2 {"path":"notes"}']);
    expect(result(a, 'call_1_1')).toMatchObject({ isError: true });
    expect(text(result(a, 'call_1_1'))).toBe(ABSOLUTE_PATH_ERROR);
    expect(text(result(a, 'call_2_2'))).toBe('cities.md\ntodo.md');
    const b = await main('exercise-missing-path');
    expect(calls(b)).toEqual(['call_1_1 {"path":"notes/todo.txt"}', 'call_2_1 {"path":"notes"}', 'call_3_1 {"path":"notes/todo.md"}']);
    expect(text(result(b, 'call_1_1'))).toBe(MISSING_FILE_ERROR);
    expect(text(result(b, 'call_2_1'))).toBe('cities.md\ntodo.md');
    expect(text(result(b, 'call_3_1'))).toMatch(/^# To do\n\n1\. Deploy v1\.4\.2 to staging/);
  });

  it("a lesson's read resizes an over-size image on the canvas, with pi's note", async () => {
    const base = lesson('read-then-edit');
    const imageLesson: Lesson = {
      ...base,
      id: 'image-read',
      codingTools: ['read'],
      // Lesson files are typed as text; the memory filesystem takes bytes as they are, enough to reach the read tool
      // the runner builds.
      files: { 'wide.png': encodePng(3000, 10, new Uint8Array(3000 * 10 * 4).fill(90)) } as unknown as Record<string, string>,
      captions: [],
      scenario: { ...base.scenario, turns: [{ content: [{ type: 'toolCall', name: 'read', arguments: { path: 'wide.png' } }] }, { content: 'Seen.' }] },
    };
    const outcome = await recordLessonWithSandbox(imageLesson, sandbox, fsHost);
    if (!outcome.ok) throw new Error('the lesson did not record');
    const read = result(outcome.recordings[0].recording, 'call_1_1')!;
    expect(read.content[0]).toEqual({ type: 'text', text: 'Read image file [image/png]\n[Image: original 3000x10, displayed at 2000x7. Multiply coordinates by 1.50 to map to original image.]' });
    expect(read.content[1]).toMatchObject({ type: 'image', mimeType: 'image/png' });
  });

  it('13: Type.Optional leaves guests and note out of required; leaving out guests passes, leaving out time fails before execute', async () => {
    const [tool] = await agentToolsOf('optional-and-required');
    expect((tool.parameters as { required?: string[] }).required).toEqual(['restaurant', 'time']);
    const r = await main('optional-and-required');
    expect(text(result(r, 'call_1_1'))).toBe('Booked Tasca do Chico at 20:00 for 2.');
    expect(result(r, 'call_1_2')).toMatchObject({ isError: true });
    expect(text(result(r, 'call_1_2'))).toMatch(/^Validation failed for tool "book_table":\n {2}- time: must have required propert/);
    expect(phase(r, 'call_1_2', 'execute')).toBeUndefined();
    expect(text(result(r, 'call_2_1'))).toBe('Booked Cervejaria Ramiro at 21:30 for 4.');
  });

  it('14: OpenAI, Anthropic and Google carry the same schema under function.parameters, input_schema and parametersJsonSchema', async () => {
    const tools = await agentToolsOf('one-tool-three-providers');
    const r = await main('one-tool-three-providers');
    const bodies = encodedBodies(tools, finalMessages(r).slice(0, 1), ['openai-completions', 'anthropic-messages', 'google-generative-ai']);
    const schema = { symbol: expect.objectContaining({ type: 'string' }), currency: expect.objectContaining({ enum: ['USD', 'EUR'] }) };
    expect(bodies['openai-completions'].tools[0]).toMatchObject({ type: 'function', function: { name: 'get_stock_quote', parameters: { properties: schema, required: ['symbol'] } } });
    expect(bodies['anthropic-messages'].tools[0]).toMatchObject({ name: 'get_stock_quote', input_schema: { type: 'object', properties: schema, required: ['symbol'] } });
    expect(bodies['google-generative-ai'].config.tools[0].functionDeclarations[0]).toMatchObject({ name: 'get_stock_quote', parametersJsonSchema: { properties: schema } });
    expect(text(result(r, 'call_1_1'))).toBe('ACME: 271.86 EUR');
    expect(text(assistants(r).at(-1))).toContain('271.86 EUR');
  });

  it('15: a call to an unknown name gets pi\'s "Tool <name> not found" at once; the other call runs', async () => {
    const r = await main('tool-not-found');
    expect(result(r, 'call_1_1')).toMatchObject({ isError: true, toolName: 'search_web' });
    expect(text(result(r, 'call_1_1'))).toBe(NOT_FOUND_MESSAGE);
    for (const name of ['validate', 'beforeToolCall', 'execute', 'afterToolCall']) expect(phase(r, 'call_1_1', name), name).toBeUndefined();
    expect(result(r, 'call_1_2')).toMatchObject({ isError: false, toolName: 'get_weather' });
    expect(text(result(r, 'call_1_2'))).toMatch(/^Oslo: /);
  });

  it('16: the tool\'s usage reaches the toolResult as afterToolCall replaced it, and only pi-messages sends it on', async () => {
    const r = await main('tool-usage');
    const input = Math.ceil(REPORT_TEXT.length / 4);
    const end = piEvents(r).find((e) => e.type === 'tool_execution_end');
    expect(end).toMatchObject({ result: { usage: { input, output: 14, totalTokens: input + 14 } } });
    const usage = result(r, 'call_1_1')!.usage!;
    expect(usage).toMatchObject({ input, output: 14, totalTokens: input + 14 });
    expect(usage.cost.total).toBeCloseTo((input * 0.5 + 14 * 1.5) / 1e6, 12);
    expect(phase(r, 'call_1_1', 'afterToolCall')).toBeDefined();
    const tools = await agentToolsOf('tool-usage');
    const toolResult = result(r, 'call_1_1')!;
    const messages = finalMessages(r).slice(0, 3).map((m) => (m.role === 'assistant' ? { ...m, usage: { ...m.usage, totalTokens: 0 } } : m)) as never[];
    for (const { variant, result: encoded } of encodeVariants({ systemPrompt: 'sys', messages, tools })) {
      expect(encoded.ok, variant.key).toBe(true);
      const body = JSON.stringify(encoded.ok ? encoded.body : null);
      expect(body).toContain('Summary: the quarter closed');
      expect(body.includes(String(toolResult.usage!.cost.total)), variant.key).toBe(variant.api === 'pi-messages');
    }
  });

  it('17: the tool call goes through pi\'s lifecycle events and phases in order', async () => {
    const r = await main('prompt-or-agent-loop');
    const types = piEvents(r).map((e) => e.type).filter((t) => t !== 'message_update');
    expect(types).toEqual([
      'agent_start', 'turn_start', 'message_start', 'message_end', 'message_start', 'message_end',
      'tool_execution_start', 'tool_execution_end', 'message_start', 'message_end', 'turn_end',
      'turn_start', 'message_start', 'message_end', 'turn_end', 'agent_end',
    ]);
    expect(phases(r, 'call_1_1').map((p) => p.phase)).toEqual(['queued', 'validate', 'beforeToolCall', 'execute', 'afterToolCall', 'result']);
  });

  it('18: strict "prefer" rewrites the schema for OpenAI only; the model\'s null is dropped by validation; the lint says so', async () => {
    const tools = await agentToolsOf('strict-mode');
    const r = await main('strict-mode');
    const keys = ['openai-completions', 'anthropic-messages', 'google-generative-ai'];
    const bodies = encodedBodies(tools, finalMessages(r).slice(0, 1), keys);
    const openai = bodies['openai-completions'].tools[0].function;
    const anthropic = bodies['anthropic-messages'].tools[0];
    expect(openai.strict).toBe(true);
    expect(anthropic.strict).toBe(true);
    for (const schema of [openai.parameters, anthropic.input_schema]) {
      expect(schema).toMatchObject({ required: ['title', 'priority', 'assignee'], additionalProperties: false });
      expect(schema.properties.assignee.anyOf).toEqual([expect.objectContaining({ type: 'string' }), { type: 'null' }]);
    }
    const gemini = bodies['google-generative-ai'].config.tools[0].functionDeclarations[0];
    expect(gemini).not.toHaveProperty('strict');
    expect(gemini.parametersJsonSchema.required).toEqual(['title', 'priority']);
    expect(gemini.parametersJsonSchema.properties.assignee).toEqual(expect.objectContaining({ type: 'string' }));
    const start = piEvents(r).find((e) => e.type === 'tool_execution_start');
    expect(start).toMatchObject({ args: { assignee: null } });
    expect(text(result(r, 'call_1_1'))).toBe('Ticket T-311 opened (urgent) for on-call: Login page is down');
    const findings = lintTools(tools, API_VARIANTS.filter((v) => keys.includes(v.key)));
    expect(findings.find((f) => f.rule === 'strict-optional-nullable')).toMatchObject({ path: '/properties/assignee' });
    expect(findings.find((f) => f.rule === 'strict-unavailable')).toMatchObject({ severity: 'info', variants: ['google-generative-ai'] });
  });
});

/** Records a lesson with one of its tool files edited as the learner would in the editor. */
async function playEdited(id: string, toolName: string, edit: (source: string) => string): Promise<Recording> {
  const l = lesson(id);
  const tools = l.tools.map((t) => (t.name === toolName ? { ...t, source: edit(t.source) } : { ...t }));
  expect(tools.find((t) => t.name === toolName)!.source).not.toBe(l.tools.find((t) => t.name === toolName)!.source);
  const outcome = await recordLessonWithSandbox(l, sandbox, fsHost, { tools, hooks: l.hooks });
  if (!outcome.ok) throw new Error(JSON.stringify('diagnostics' in outcome ? outcome.diagnostics : outcome.errors));
  return outcome.recordings[0].recording;
}

const calls = (r: Recording) => piEvents(r).flatMap((e) => (e.type === 'tool_execution_start' ? [`${e.toolCallId} ${JSON.stringify(e.args)}`] : []));
const lastText = (r: Recording) => text(assistants(r).at(-1));

describe('the exercises\' model reacts to the learner\'s change', () => {
  it('A: with "Relative paths only." in list_dir\'s description the first call is relative and nothing fails', async () => {
    const r = await playEdited('exercise-list-dir', 'list_dir', (source) => source.replace('each folder ending in /.', 'each folder ending in /. Relative paths only.'));
    expect(calls(r)).toEqual(['call_1_1 {"path":"notes"}']);
    expect(result(r, 'call_1_1')).toMatchObject({ isError: false });
    expect(lastText(r)).toBe('The notes folder holds: cities.md, todo.md.');
  });

  it('B: an error that names the folder\'s files makes the next call read the right one', async () => {
    const r = await playEdited('exercise-missing-path', 'read_file', (source) => source.replace(
      'throw new Error(`File not found: ${path}`);',
      'throw new Error(`File not found: ${path}. The notes folder has ` + (await fs.list("notes")).map((e) => e.name).join(", "));',
    ));
    expect(text(result(r, 'call_1_1'))).toBe('File not found: notes/todo.txt. The notes folder has cities.md, todo.md');
    expect(calls(r)).toEqual(['call_1_1 {"path":"notes/todo.txt"}', 'call_2_1 {"path":"notes/todo.md"}']);
    expect(lastText(r)).toBe('Your to-do list has 3 items: Deploy v1.4.2 to staging; Check the staging dashboard; Deploy v1.4.2 to production (needs approval).');
  });

  it('B: an error that suggests a path in quotes is followed too', async () => {
    const r = await playEdited('exercise-missing-path', 'read_file', (source) => source.replace(
      'throw new Error(`File not found: ${path}`);',
      'throw new Error(`File not found: ${path}. Did you mean "notes/todo.md"?`);',
    ));
    expect(calls(r)).toEqual(['call_1_1 {"path":"notes/todo.txt"}', 'call_2_1 {"path":"notes/todo.md"}']);
  });
});
