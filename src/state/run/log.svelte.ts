// The event log's choices (which event types, which call, trace events or not, how the stream is shown), kept
// with the run so they survive switching panels.

export type LogStreamView = 'text' | 'chunks' | 'raw';

export const DEFAULT_LOG_TYPES = [
  'agent_start', 'turn_start', 'message_start', 'message_update', 'message_end',
  'tool_execution_start', 'tool_execution_update', 'tool_execution_end', 'turn_end', 'agent_end',
] as const;

export class RunLogFilter {
  #types = $state.raw<ReadonlySet<string>>(new Set(DEFAULT_LOG_TYPES));
  #toolCallId = $state<string | null>(null);
  #trace = $state(false);
  #stream = $state<LogStreamView>('text');

  get types(): ReadonlySet<string> { return this.#types; }
  get toolCallId(): string | null { return this.#toolCallId; }
  get trace(): boolean { return this.#trace; }
  get stream(): LogStreamView { return this.#stream; }

  setType(type: string, shown: boolean): void {
    const next = new Set(this.#types);
    if (shown) next.add(type);
    else next.delete(type);
    this.#types = next;
  }

  setAllTypes(shown: boolean): void {
    this.#types = new Set(shown ? DEFAULT_LOG_TYPES : []);
  }

  setToolCall(id: string | null): void { this.#toolCallId = id; }
  setTrace(on: boolean): void { this.#trace = on; }
  setStream(view: LogStreamView): void { this.#stream = view; }
}
