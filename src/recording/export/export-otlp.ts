// A recording as OpenTelemetry traces: OTLP/JSON (ExportTraceServiceRequest) following the GenAI semantic
// conventions 1.37.0. The run is an `invoke_agent` span, each model response a `chat` span, each tool call an
// `execute_tool` span with pi's phases as child spans; updates, filesystem operations and logs are span events.
import type { AgentEvent } from '../../engine/index.ts';
import { attributes, deterministicId, unixNano, type AttributeValue, type OtlpEvent, type OtlpSpan, type OtlpTraceRequest } from './otlp.ts';
import type { Recording } from '../recording.ts';
import type { PhaseData, TraceEvent } from '../../engine/index.ts';

export const OTEL_SCHEMA_URL = 'https://opentelemetry.io/schemas/1.37.0';
export const OTEL_SCOPE = 'pi-tool-playground';
/** The agent's name in `gen_ai.agent.name` and the run span's name. */
export const AGENT_NAME = 'pi';

/** pi's provider ids → the conventions' `gen_ai.provider.name` well-known values; others pass through as they are. */
const PROVIDER_NAMES: Record<string, string> = {
  openai: 'openai', 'openai-codex': 'openai', 'azure-openai-responses': 'azure.ai.openai', anthropic: 'anthropic',
  google: 'gcp.gemini', 'google-vertex': 'gcp.vertex_ai', mistral: 'mistral_ai', 'amazon-bedrock': 'aws.bedrock',
  groq: 'groq', deepseek: 'deepseek', xai: 'x_ai', perplexity: 'perplexity',
};
/** pi's stop reasons → the conventions' finish reasons (`aborted`, which they do not name, is kept as it is). */
const FINISH_REASONS: Record<string, string> = { stop: 'stop', length: 'length', toolUse: 'tool_call', error: 'error' };

interface Open { key: string; name: string; kind: 1 | 3; t: number; order: number; parent?: string; attrs: Record<string, AttributeValue | undefined>; events: OtlpEvent[] }
interface Closed { span: OtlpSpan; t: number; order: number }

type Message = { role: string; model?: string; provider?: string; responseModel?: string; responseId?: string; stopReason?: string; errorMessage?: string; usage?: { input?: number; output?: number } };

/** The spans of one recording. Spans a failed run left open end at its last event with `pi.unfinished`. */
export function encodeOtlpSpans(recording: Recording): OtlpSpan[] {
  const traceId = deterministicId(`${recording.id}\n${recording.label}\n${recording.events.length}\n${recording.durationMs}`, 32);
  const spanId = (key: string) => deterministicId(`${traceId}/${key}`, 16);
  const open = new Map<string, Open>();
  const closed: Closed[] = [];
  const endT = recording.events.length ? recording.events[recording.events.length - 1].t : 0;
  let turn = 0;
  let chats = 0;
  const callKey = (toolCallId: string, at = turn) => `tool:${at}:${toolCallId}`;

  const began = new Set<string>();
  const begin = (o: Omit<Open, 'events' | 'order'>) => {
    if (open.has(o.key)) return;
    open.set(o.key, { ...o, order: began.size, events: [] });
    began.add(o.key);
  };
  const end = (key: string, t: number, extra: Record<string, AttributeValue | undefined> = {}, error?: { type: string; message?: string }) => {
    const o = open.get(key);
    if (!o) return;
    open.delete(key);
    const span: OtlpSpan = {
      traceId, spanId: spanId(o.key), ...(o.parent !== undefined && began.has(o.parent) ? { parentSpanId: spanId(o.parent) } : {}),
      name: o.name, kind: o.kind, startTimeUnixNano: unixNano(o.t), endTimeUnixNano: unixNano(t),
      attributes: attributes({ ...o.attrs, ...extra, ...(error ? { 'error.type': error.type } : {}) }), events: o.events,
    };
    if (error) span.status = { code: 2, ...(error.message ? { message: error.message } : {}) };
    closed.push({ span, t: o.t, order: o.order });
  };
  /** A span event on the tool call's span when there is one, else on the run's. */
  const event = (t: number, name: string, values: Record<string, AttributeValue | undefined>, toolCallId?: string) => {
    const owner = (toolCallId !== undefined && [...open.values()].find((o) => o.key.startsWith('tool:') && o.key.endsWith(`:${toolCallId}`))) || open.get('run');
    owner?.events.push({ timeUnixNano: unixNano(t), name, attributes: attributes(values) });
  };

  for (const entry of recording.events) {
    const { t } = entry;
    if (entry.source === 'pi') {
      piEvent(entry.event, t);
      continue;
    }
    const e: TraceEvent = entry.event;
    switch (e.type) {
      case 'trace_run_start':
        begin({ key: 'run', name: `invoke_agent ${AGENT_NAME}`, kind: 1, t, attrs: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': AGENT_NAME, 'pi.tool_execution': e.mode } });
        break;
      case 'trace_run_end': end('run', t); break;
      case 'trace_turn_start': turn = e.turn; break;
      case 'trace_phase_start':
        begin({ key: callKey(e.toolCallId, e.turn), name: `execute_tool ${e.toolName}`, kind: 1, t, parent: 'run', attrs: toolAttrs(e.toolName, e.toolCallId, e.turn) });
        begin({ key: `phase:${e.turn}:${e.toolCallId}:${e.phase}`, name: e.phase, kind: 1, t, parent: callKey(e.toolCallId, e.turn), attrs: { 'pi.tool.phase': e.phase } });
        break;
      case 'trace_phase_end': {
        const failed = e.outcome === 'error' || e.outcome === 'aborted';
        end(`phase:${e.turn}:${e.toolCallId}:${e.phase}`, t, { 'pi.tool.phase.outcome': e.outcome }, failed ? { type: `pi.${e.outcome}`, message: phaseError(e.data) } : undefined);
        // The call ends with its last phase (result), or with a phase that stops the pipeline.
        if (e.phase === 'result') end(callKey(e.toolCallId, e.turn), t, {}, isErrorResult(e.data) ? { type: 'pi.tool_error', message: resultText(e.data) } : undefined);
        break;
      }
      case 'trace_update': event(t, 'pi.tool.update', { 'pi.accepted': e.accepted }, e.toolCallId); break;
      case 'trace_fs': event(t, 'pi.fs', { 'pi.fs.op': e.op, 'pi.fs.path': e.path, 'pi.fs.bytes': e.bytes }, e.toolCallId); break;
      case 'trace_log': event(t, `pi.log.${e.level}`, { 'pi.log.text': e.text }, e.toolCallId); break;
      default: break;
    }
  }

  function piEvent(e: AgentEvent, t: number) {
    if (e.type !== 'message_start' && e.type !== 'message_end') return;
    const m = e.message as Message;
    if (m.role !== 'assistant') return;
    if (e.type === 'message_start') {
      chats++;
      begin({ key: `chat:${chats}`, name: m.model ? `chat ${m.model}` : 'chat', kind: 3, t, parent: 'run', attrs: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': m.model, 'gen_ai.provider.name': providerName(m.provider), 'pi.turn': turn, 'pi.chat.index': chats } });
      return;
    }
    const reason = m.stopReason ? FINISH_REASONS[m.stopReason] ?? m.stopReason : undefined;
    end(`chat:${chats}`, t, {
      'gen_ai.response.model': m.responseModel ?? m.model, 'gen_ai.response.id': m.responseId,
      'gen_ai.usage.input_tokens': m.usage?.input, 'gen_ai.usage.output_tokens': m.usage?.output,
      'gen_ai.response.finish_reasons': reason ? [reason] : undefined,
    }, m.stopReason === 'error' || m.stopReason === 'aborted' ? { type: `pi.${m.stopReason}`, message: m.errorMessage } : undefined);
  }

  // Innermost first, so each span closes before the one around it.
  for (const key of [...open.keys()].reverse()) end(key, endT, { 'pi.unfinished': true });
  // By start time, then in the order they began: a parent before its children.
  return closed.sort((a, b) => a.t - b.t || a.order - b.order).map((c) => c.span);
}

const toolAttrs = (name: string, id: string, turn: number) => ({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': name, 'gen_ai.tool.call.id': id, 'gen_ai.tool.type': 'function', 'pi.turn': turn });
const providerName = (provider: string | undefined) => (provider === undefined ? undefined : PROVIDER_NAMES[provider] ?? provider);
const phaseError = (data: PhaseData | undefined) => (data && 'error' in data && typeof data.error === 'string' ? data.error : undefined);
const isErrorResult = (data: PhaseData | undefined) => data?.phase === 'result' && data.isError;
function resultText(data: PhaseData | undefined): string | undefined {
  if (data?.phase !== 'result') return undefined;
  const content = (data.result as { content?: { type: string; text?: string }[] } | undefined)?.content;
  return content?.filter((c) => c.type === 'text').map((c) => c.text).join('\n') || undefined;
}

/** The whole ExportTraceServiceRequest for one or more recordings (one resource each). */
export function encodeOtlpTrace(recordings: readonly Recording[]): OtlpTraceRequest {
  return {
    resourceSpans: recordings.map((recording) => ({
      resource: { attributes: attributes({ 'service.name': OTEL_SCOPE, 'pi.recording.label': recording.label, 'pi.recording.status': recording.status, 'pi.clock': 'virtual, from 0 at the run\'s start' }) },
      scopeSpans: [{ scope: { name: OTEL_SCOPE }, spans: encodeOtlpSpans(recording), schemaUrl: OTEL_SCHEMA_URL }],
      schemaUrl: OTEL_SCHEMA_URL,
    })),
  };
}

export const encodeOtlpJson = (recordings: readonly Recording[]): string => `${JSON.stringify(encodeOtlpTrace(recordings), null, 2)}\n`;
