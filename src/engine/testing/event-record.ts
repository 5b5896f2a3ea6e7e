// Canonical text of loop events for differential tests: one line per event, taken at emission time, with every
// object tagged by identity (#n, numbered by first appearance) so shared and copied objects are compared too.
// Only timestamps are normalised; key order and own keys holding undefined are kept.

export interface RecordOptions {
  /** Keys whose numeric values are replaced by `<ts>` (default: timestamp). */
  timestampKeys?: readonly string[];
}

export class IdentityRecorder {
  private readonly ids = new Map<object, number>();
  private readonly timestampKeys: ReadonlySet<string>;

  constructor(options: RecordOptions = {}) {
    this.timestampKeys = new Set(options.timestampKeys ?? ['timestamp']);
  }

  /** Text of `value` as it is right now. */
  text(value: unknown): string {
    return this.write(value, new Set());
  }

  private idOf(obj: object): number {
    let id = this.ids.get(obj);
    if (id === undefined) {
      id = this.ids.size + 1;
      this.ids.set(obj, id);
    }
    return id;
  }

  private write(value: unknown, open: Set<object>): string {
    if (value === undefined) return 'undefined';
    if (typeof value === 'function') return '[Function]';
    if (typeof value === 'bigint') return `${value}n`;
    if (typeof value === 'symbol') return String(value);
    if (typeof value === 'number') return Number.isFinite(value) ? String(value) : String(value);
    if (value === null || typeof value !== 'object') return JSON.stringify(value);
    const id = this.idOf(value);
    if (open.has(value)) return `@${id}`;
    if (typeof (value as { then?: unknown }).then === 'function') return `#${id}[Promise]`;
    open.add(value);
    let out: string;
    if (Array.isArray(value)) {
      out = `#${id}[${value.map((item) => this.write(item, open)).join(',')}]`;
    } else {
      const parts: string[] = [];
      for (const key of Object.keys(value)) {
        const item = (value as Record<string, unknown>)[key];
        const shown = this.timestampKeys.has(key) && typeof item === 'number' ? '<ts>' : this.write(item, open);
        parts.push(`${JSON.stringify(key)}:${shown}`);
      }
      out = `#${id}{${parts.join(',')}}`;
    }
    open.delete(value);
    return out;
  }
}

/** A short, human-readable form of an event sequence (for failure messages and trace-shape assertions). */
export function eventShape(event: { type: string; [key: string]: any }): string {
  switch (event.type) {
    case 'message_start':
    case 'message_end': {
      const m = event.message ?? {};
      const tag = event.type === 'message_start' ? 'ms' : 'me';
      if (m.role === 'assistant') return `${tag}:assistant(${m.stopReason})`;
      if (m.role === 'toolResult') return `${tag}:toolResult(${m.toolCallId}${m.isError ? ',err' : ''})`;
      return `${tag}:${m.role}`;
    }
    case 'message_update': return `u:${event.assistantMessageEvent?.type}`;
    case 'tool_execution_start': return `te_start(${event.toolCallId})`;
    case 'tool_execution_update': return `te_update(${event.toolCallId})`;
    case 'tool_execution_end': return `te_end(${event.toolCallId}${event.isError ? ',err' : ''})`;
    case 'turn_end': return `turn_end(${event.toolResults?.length ?? 0})`;
    case 'agent_end': return `agent_end(${event.messages?.length ?? 0})`;
    default: return event.type;
  }
}
