// createSandbox: one sandbox frame, one worker at a time. Evaluations are queued; calls wait for a worker that
// has the current files; a worker stuck in an endless loop is killed, replaced, and given the last files again.
import { RealClock, type Clock } from '../engine/index.ts';
import type { AgentTool } from '../engine/index.ts';
import type { CallOutcome, ModuleReport } from './protocol.ts';
import { Evaluator } from './host/evaluator.ts';
import { SandboxFrame } from './host/frame.ts';
import { createAgentTools, createHooks, runTurn, SandboxCallError, type CallPort } from './host/proxies.ts';
import { WorkerLink } from './host/worker-link.ts';
import type { Evaluation, Sandbox, SandboxHooks, SandboxOptions, SandboxStatus, SourceFile, TurnRequest } from './types.ts';

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_MAX_RESULT_BYTES = 8 * 1024 * 1024;
const STARTUP_TIMEOUT_MS = 15_000;

class SandboxHost implements Sandbox {
  private currentStatus: SandboxStatus = 'starting';
  private timeoutMs: number;
  private clock: Clock;
  private frame: SandboxFrame;
  private link: WorkerLink | undefined;
  /** The current worker, once it has started. */
  private linkReady: Promise<WorkerLink>;
  /** The current worker once it also holds the last files (after a restart, their re-evaluation). */
  private callsReady: Promise<WorkerLink>;
  private readonly runtimeSource: Promise<string>;
  private readonly evaluator: Evaluator;
  private queue: Promise<unknown> = Promise.resolve();
  private lastFiles: SourceFile[] | undefined;
  /** The newest evaluate() call: queued calls it overtook resolve with its result. */
  private newest: { ticket: number; result?: Promise<Evaluation> } = { ticket: 0 };
  private workerErrors = new Set<(message: string) => void>();
  private startError: string | undefined;

  constructor(private readonly options: SandboxOptions) {
    this.timeoutMs = validTimeout(options.timeoutMs) ?? DEFAULT_TIMEOUT_MS;
    this.clock = options.clock ?? new RealClock();
    this.runtimeSource = import('./generated/runtime-bundle.js?raw').then((m) => m.default as string);
    this.frame = this.createFrame(options.network === true);
    this.evaluator = new Evaluator({
      evaluate: async (fileId, role, code, label) => {
        let link = await this.linkReady;
        if (link.wasReplaced) link = await this.linkReady;
        const report = (await link.request({ type: 'evaluate', fileId, role, code }, { label })) as ModuleReport;
        // The moment the worker's answer is in, for the keystroke benchmark (bench/providers-keystroke.bench.ts).
        performance.mark?.('pi:evaluation-reply');
        return report;
      },
      drop: (fileId) => { this.link?.post({ type: 'drop', fileId }); },
    });
    this.linkReady = this.spawn();
    this.callsReady = this.linkReady;
    this.linkReady.then(() => { if (this.currentStatus === 'starting') this.currentStatus = 'ready'; }, () => {});
  }

  get status(): SandboxStatus {
    return this.currentStatus;
  }

  /** Why the worker could not start, if it could not (a CSP forbidding blob: workers, say). */
  get error(): string | undefined {
    return this.startError;
  }

  private createFrame(network: boolean): SandboxFrame {
    return new SandboxFrame((message) => {
      for (const listener of this.workerErrors) listener(message);
      if (this.workerErrors.size === 0) this.options.onLog?.({ level: 'error', text: `Sandbox worker error: ${message}` });
    }, network);
  }

  get network(): boolean {
    return this.frame.network;
  }

  /**
   * A frame's policy is fixed when it loads, so another network setting means another frame: the current one is
   * removed (calls under way fail as after a restart), a new one is made and given the last files again.
   */
  setNetwork(allowed: boolean): Promise<void> {
    if (this.currentStatus === 'disposed' || allowed === this.frame.network) return Promise.resolve();
    return this.replaceWorker(`The sandbox was restarted while this was running: network access for tool code was turned ${allowed ? 'on' : 'off'}`, false, allowed);
  }

  private async spawn(): Promise<WorkerLink> {
    this.startError = undefined;
    try {
      const port = await this.frame.spawn(await this.runtimeSource);
      const link: WorkerLink = new WorkerLink(port, {
        clock: () => this.clock,
        timeoutMs: () => this.timeoutMs,
        fs: this.options.fs,
        onLog: this.options.onLog,
        onStuck: () => this.onStuck(link),
        onMisbehaved: (reason) => this.onMisbehaved(link, reason),
        maxMessageBytes: () => this.options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES,
      });
      this.link = link;
      let onError!: (message: string) => void;
      const failed = new Promise<never>((_, reject) => { onError = (m) => reject(new Error(`The sandbox could not start: ${m}`)); });
      this.workerErrors.add(onError);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`The sandbox did not start within ${STARTUP_TIMEOUT_MS / 1000} s`)), STARTUP_TIMEOUT_MS);
      });
      try {
        await Promise.race([link.ready, failed, timeout]);
      } finally {
        clearTimeout(timer);
        this.workerErrors.delete(onError);
      }
      link.post({ type: 'configure', maxResultBytes: this.options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES });
      link.clockChanged(this.clock.now());
      return link;
    } catch (error) {
      this.startError = error instanceof Error ? error.message : String(error);
      throw error;
    }
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => {});
    return run;
  }

  evaluate(files: SourceFile[]): Promise<Evaluation> {
    if (this.currentStatus === 'disposed') {
      return Promise.resolve({
        tools: [], hooks: {},
        diagnostics: files.map((f) => ({ fileId: f.id, severity: 'error' as const, kind: 'evaluation' as const, message: 'The sandbox was disposed', line: 1, column: 1 })),
      });
    }
    this.lastFiles = files.map((f) => ({ ...f }));
    const ticket = ++this.newest.ticket;
    const superseded = Symbol('superseded');
    const run = this.enqueue(async () => (ticket === this.newest.ticket ? this.evaluator.run(files) : superseded));
    const result = run.then((r) => (r === superseded ? this.newest.result! : r));
    this.newest.result = result;
    return result;
  }

  private readonly port: CallPort = {
    call: async (request, options) => {
      if (this.currentStatus === 'disposed') throw new SandboxCallError('The sandbox was disposed');
      let link = await this.callsReady;
      if (link.wasReplaced) link = await this.callsReady; // replaced before this call was sent: use the new one
      const { kind, fileId, toolName, toolCallId, payload } = request;
      return (await link.request(
        { type: 'call', kind, fileId, toolName, toolCallId, payload, wantsUpdates: options.onUpdate !== undefined },
        options,
      )) as CallOutcome;
    },
    locate: (frame) => {
      const map = this.evaluator.mappers.get(frame.fileId);
      return map ? { fileId: frame.fileId, ...map(frame.line, frame.column) } : undefined;
    },
  };

  agentTools(evaluation: Evaluation): AgentTool[] {
    return createAgentTools(evaluation, this.port);
  }

  hooks(evaluation: Evaluation): SandboxHooks {
    return createHooks(evaluation, this.port);
  }

  runTurn(fileId: string, request: TurnRequest, options?: { label?: string; signal?: AbortSignal }): Promise<unknown> {
    return runTurn(this.port, fileId, request, options);
  }

  setTimeoutMs(ms: number): void {
    this.timeoutMs = validTimeout(ms) ?? this.timeoutMs;
  }

  setClock(clock: Clock): void {
    const previousNow = this.clock.now();
    this.clock = clock;
    this.link?.clockChanged(previousNow);
  }

  private onStuck(link: WorkerLink): void {
    if (link !== this.link || link.isClosed || this.currentStatus === 'disposed') return;
    this.options.onLog?.({ level: 'error', text: 'The app ended the sandbox and started a new one: it stopped answering (an endless loop, or its memory ran out)' });
    void this.replaceWorker('The sandbox was restarted while this was running: it was stuck in synchronous code (an endless loop?)', true)
      .catch(() => {});
  }

  /** The host ended a worker (a call ignored Stop, or its messages broke the host's limits): said in the log too. */
  private onMisbehaved(link: WorkerLink, reason: string): void {
    if (link !== this.link || link.isClosed || this.currentStatus === 'disposed') return;
    this.options.onLog?.({ level: 'error', text: `The app ended the sandbox and started a new one: ${reason}` });
    void this.replaceWorker(`The sandbox was restarted while this was running: ${reason}`).catch(() => {});
  }

  restart(): Promise<void> {
    if (this.currentStatus === 'disposed') return Promise.resolve();
    return this.replaceWorker('The sandbox was restarted while this was running');
  }

  private async replaceWorker(message: string, stuck = false, network = this.frame.network): Promise<void> {
    this.currentStatus = 'restarting';
    this.link?.close(message, 'restarted', stuck);
    this.link = undefined;
    // A frame's network policy is fixed when it loads, so another setting needs another frame; so does a silent
    // worker, which may be a frame whose process ran out of memory (where the browser gives sandboxed frames a
    // process of their own): a new frame works either way.
    if (network === this.frame.network && !stuck) this.frame.kill();
    else {
      this.frame.kill();
      this.frame.dispose();
      this.frame = this.createFrame(network);
    }
    this.evaluator.workerReset();
    const linkReady = this.spawn();
    this.linkReady = linkReady;
    const reevaluated = linkReady.then(() => this.enqueue(async () => {
      if (this.lastFiles && this.linkReady === linkReady) await this.evaluator.run(this.lastFiles);
    }));
    this.callsReady = reevaluated.then(() => linkReady);
    try {
      await reevaluated;
    } finally {
      if (this.linkReady === linkReady && this.currentStatus === 'restarting') {
        this.currentStatus = this.startError ? 'starting' : 'ready';
      }
    }
  }

  dispose(): void {
    if (this.currentStatus === 'disposed') return;
    this.currentStatus = 'disposed';
    this.link?.close('The sandbox was disposed', 'disposed');
    this.link = undefined;
    this.frame.dispose();
  }
}

function validTimeout(ms: number | undefined): number | undefined {
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/** Starts a sandbox at once (status 'starting'); evaluate() and calls wait until it is ready. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  return new SandboxHost(options);
}

