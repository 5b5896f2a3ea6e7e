// An async-iterable FIFO of events with a final result, mirroring pi-ai's EventStream (0.85.1):
// pushes never wait for the consumer, the first terminal event completes the stream and resolves result().
import type { AssistantMessage, AssistantMessageEvent } from '../ai/index.ts';
import type { AgentEvent, AgentMessage } from './types.ts';

export class EventStream<TEvent, TResult> implements AsyncIterable<TEvent> {
  private readonly queue: TEvent[] = [];
  private readonly waiting: ((item: IteratorResult<TEvent>) => void)[] = [];
  private finished = false;
  private resolveResult!: (value: TResult) => void;
  private readonly resultPromise = new Promise<TResult>((resolve) => { this.resolveResult = resolve; });

  constructor(
    private readonly isTerminal: (event: TEvent) => boolean,
    private readonly resultOf: (event: TEvent) => TResult,
  ) {}

  /** True once a terminal event was pushed or end() was called; later pushes are ignored. */
  get done(): boolean { return this.finished; }

  push(event: TEvent): void {
    if (this.finished) return;
    if (this.isTerminal(event)) {
      this.finished = true;
      this.resolveResult(this.resultOf(event));
    }
    const waiter = this.waiting.shift();
    if (waiter) waiter({ value: event, done: false });
    else this.queue.push(event);
  }

  /** Marks the stream done; resolves result() when a value is given; releases waiting consumers. */
  end(result?: TResult): void {
    this.finished = true;
    if (result !== undefined) this.resolveResult(result);
    while (this.waiting.length > 0) this.waiting.shift()!({ value: undefined, done: true });
  }

  async *[Symbol.asyncIterator](): AsyncIterator<TEvent> {
    while (true) {
      if (this.queue.length > 0) {
        yield this.queue.shift()!;
      } else if (this.finished) {
        return;
      } else {
        const item = await new Promise<IteratorResult<TEvent>>((resolve) => this.waiting.push(resolve));
        if (item.done) return;
        yield item.value;
      }
    }
  }

  result(): Promise<TResult> {
    return this.resultPromise;
  }
}

/** The stream a StreamFn returns: completes on `done` or `error`, whose message is the result. */
export class AssistantMessageEventStream extends EventStream<AssistantMessageEvent, AssistantMessage> {
  constructor() {
    super(
      (event) => event.type === 'done' || event.type === 'error',
      (event) => {
        if (event.type === 'done') return event.message;
        if (event.type === 'error') return event.error;
        throw new Error('Unexpected event type for final result');
      },
    );
  }
}

export function createAssistantMessageEventStream(): AssistantMessageEventStream {
  return new AssistantMessageEventStream();
}

/** The stream agentLoop returns: completes on `agent_end`, whose messages are the result. */
export function createAgentEventStream(): EventStream<AgentEvent, AgentMessage[]> {
  return new EventStream<AgentEvent, AgentMessage[]>(
    (event) => event.type === 'agent_end',
    (event) => (event.type === 'agent_end' ? event.messages : []),
  );
}
