// The worker's end of the port: sends messages, remembers which call is running (so logs, sleeps and fs requests
// can be attributed to it), and reports `quiet` after each host message once all resulting work has settled.
import type { HostMessage, WorkerMessage } from '../protocol.ts';

/** A call in flight inside the worker. */
export interface ActiveCall {
  id: number;
  toolCallId?: string;
  controller: AbortController;
  logs: number;
  updates: number;
}

type Handler = (message: HostMessage) => void;

export class WorkerChannel {
  private lastSeq = 0;
  private quietScheduled = false;
  private readonly tick = new MessageChannel();
  /** Best-effort attribution: the call whose message (or wake-up) is being handled. */
  current: ActiveCall | undefined;
  /** Called when a new call or evaluation starts (resets per-activity allowances). */
  onActivity: () => void = () => {};

  constructor(private readonly port: MessagePort, handler: Handler) {
    this.tick.port1.onmessage = () => {
      this.quietScheduled = false;
      this.post({ type: 'quiet', seq: this.lastSeq });
    };
    port.onmessage = (event: MessageEvent<HostMessage>) => {
      const message = event.data;
      this.lastSeq = message.seq;
      try {
        handler(message);
      } finally {
        this.scheduleQuiet();
      }
    };
  }

  /** Posts to the host; a value that cannot be cloned is reported to the caller, never thrown at it. */
  post(message: WorkerMessage): { ok: true } | { ok: false; message: string } {
    try {
      this.port.postMessage(message);
      return { ok: true };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * A macrotask after the current one: by then the microtasks that the host message started have run, so the
   * worker has nothing left to do until the host (or a real timer) wakes it.
   */
  private scheduleQuiet(): void {
    if (this.quietScheduled) return;
    this.quietScheduled = true;
    this.tick.port2.postMessage(null);
  }
}
