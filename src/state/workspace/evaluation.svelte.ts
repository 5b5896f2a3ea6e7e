// Keeps the sandbox's evaluation of the workspace current: re-evaluates after edits (debounced while typing,
// at once for structural changes), drops stale answers, and exposes tools and diagnostics per file.
import { tick } from 'svelte';
import type { AgentTool } from '../../engine/index.ts';
import { EMPTY_EVALUATION, type Diagnostic, type EvaluatedTool, type Evaluation, type SourceFile, type ToolRuntime } from '../run/tool-runtime.ts';
import type { EvaluationMarkerStore } from '../../storage/evaluation-marker.ts';
import { SafeStartState } from './evaluation-safe-start.svelte.ts';
import { msg, type UiMessage } from '../shell/ui-message.ts';
import type { WorkspaceState } from './workspace.svelte.ts';

export const HOOKS_FILE_ID = 'hooks';
export type EvaluationStatus = 'idle' | 'evaluating' | 'ready' | 'unavailable';

export interface EvaluationOptions {
  /** Quiet time after a keystroke before evaluating. Default 150 ms. */
  typingDelayMs?: number;
  /** Where the crash marker lives (the app: localStorage); none, no crash detection (tests). */
  crashMarker?: EvaluationMarkerStore;
}

export class EvaluationState {
  #evaluation = $state.raw<Evaluation>(EMPTY_EVALUATION);
  #status = $state<EvaluationStatus>('idle');
  #error = $state.raw<UiMessage | null>(null);
  #timings = $state.raw<number[]>([]);
  /** Each file's tool from the last evaluation that produced one, so views need not go blank mid-edit. */
  #lastGood = $state.raw<ReadonlyMap<string, EvaluatedTool[]>>(new Map());
  #extraTools = $state.raw<() => readonly EvaluatedTool[]>(() => []);
  #turnSources: () => SourceFile[] = () => [];
  #sequence = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #unsubscribe: (() => void) | undefined;
  readonly #typingDelay: number;
  /** After a crash during evaluation: tool code waits until the user opens the files one by one. */
  readonly safeStart: SafeStartState;
  readonly #onPageHide = () => this.safeStart.pageHidden();

  readonly diagnosticsByFile = $derived(groupByFile(this.#evaluation.diagnostics));
  readonly toolsByFile = $derived(groupByFile(this.#evaluation.tools));

  constructor(
    private readonly runtime: ToolRuntime | null,
    private readonly workspace: WorkspaceState,
    options: EvaluationOptions = {},
  ) {
    this.#typingDelay = options.typingDelayMs ?? 150;
    this.safeStart = new SafeStartState(options.crashMarker);
    this.safeStart.follow(() => this.sourceFiles());
    if (!runtime) {
      this.#status = 'unavailable';
      this.#error = msg('status.sandbox.unavailable');
    }
  }

  get evaluation(): Evaluation { return this.#evaluation; }
  get status(): EvaluationStatus { return this.#status; }
  /** Why evaluation is not working (sandbox missing or crashed); null when it works. */
  get error(): UiMessage | null { return this.#error; }
  /** Milliseconds from the start of each recent evaluation to the updated DOM (newest last, at most 50). */
  get timings(): readonly number[] { return this.#timings; }

  /** Starts following the workspace; evaluates right away. */
  start(): void {
    globalThis.addEventListener?.('pagehide', this.#onPageHide);
    this.#unsubscribe = this.workspace.onChange((kind) => {
      if (kind === 'content') this.schedule(this.#typingDelay);
      else if (kind === 'structure') this.schedule(0);
    });
    void this.evaluateNow();
  }

  diagnosticsFor(fileId: string): Diagnostic[] {
    return this.diagnosticsByFile.get(fileId) ?? [];
  }

  /** The file's first tool (a JSON file may list several MCP tools; see toolsFor). */
  toolFor(fileId: string): EvaluatedTool | undefined {
    return this.toolsByFile.get(fileId)?.[0];
  }

  toolsFor(fileId: string): EvaluatedTool[] {
    return this.toolsByFile.get(fileId) ?? [];
  }

  /** The file's tools now, or else the last ones it evaluated to (then `stale` is true). */
  latestToolsFor(fileId: string): { tools: EvaluatedTool[]; stale: boolean } | undefined {
    const now = this.toolsByFile.get(fileId);
    if (now) return { tools: now, stale: false };
    const extra = this.#extraTools().filter((t) => t.fileId === fileId);
    if (extra.length > 0) return { tools: extra, stale: false };
    const last = this.#lastGood.get(fileId);
    return last ? { tools: last, stale: true } : undefined;
  }

  /**
   * Tools the model sees besides the workspace's own, after them in this order: pi's built-in coding tools when
   * the workspace includes them (file ids `builtin:<name>`; `latestToolsFor` answers for those ids too).
   */
  get extraTools(): readonly EvaluatedTool[] { return this.#extraTools(); }

  /** Sets where the extra tools come from (read reactively). */
  setExtraTools(source: () => readonly EvaluatedTool[]): void {
    this.#extraTools = source;
  }

  /** Sets where the scenario's code turns come from: evaluated with the workspace's files, after them. */
  setTurnSources(source: () => SourceFile[]): void {
    this.#turnSources = source;
  }

  /** The evaluated tools as AgentTools whose code runs in the sandbox (for "Try it" and runs). */
  agentTools(): AgentTool[] {
    return this.runtime ? this.runtime.agentTools(this.#evaluation) : [];
  }

  schedule(delayMs: number): void {
    // Where the typing pause begins, for the keystroke benchmark (bench/providers-keystroke.bench.ts).
    performance.mark?.('pi:evaluation-scheduled');
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.evaluateNow(), delayMs);
  }

  /**
   * Evaluates at once when an edit is still waiting for its evaluation (or one is under way), so that what the
   * caller does next ("Try it") uses the code as it is on screen, not the version before the last keystrokes.
   */
  async upToDate(): Promise<void> {
    if (this.#timer !== undefined || this.#status === 'evaluating') await this.evaluateNow();
  }

  async evaluateNow(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (!this.runtime) return;
    const sequence = ++this.#sequence;
    const started = performance.now();
    this.#status = 'evaluating';
    let result: Evaluation;
    const files = this.safeStart.allowed(this.sourceFiles());
    this.safeStart.beforeEvaluation(files);
    try {
      result = await this.runtime.evaluate(files);
      this.safeStart.afterEvaluation(files);
    } catch (error) {
      this.safeStart.afterEvaluation(files);
      if (sequence !== this.#sequence) return;
      this.#status = 'ready';
      this.#error = msg('status.sandbox.failed', { error: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (sequence !== this.#sequence) return; // a newer edit is already being evaluated
    performance.measure?.('pi:evaluate', { start: started, end: performance.now() });
    this.#evaluation = result;
    if (result.tools.length > 0) {
      const lastGood = new Map(this.#lastGood);
      for (const [fileId, tools] of groupByFile(result.tools)) lastGood.set(fileId, tools);
      this.#lastGood = lastGood;
    }
    this.#status = 'ready';
    this.#error = null;
    for (const [fileId, tools] of groupByFile(result.tools)) {
      if (tools.length === 1) this.workspace.syncName(fileId, tools[0].name);
    }
    await tick();
    const elapsed = performance.now() - started;
    this.#timings = [...this.#timings.slice(-49), elapsed];
    performance.measure?.('pi:evaluate-to-dom', { start: started, duration: elapsed });
  }

  sourceFiles(): SourceFile[] {
    const snapshot = this.workspace.snapshot();
    const files: SourceFile[] = snapshot.tools.map((t) => ({ id: t.id, kind: t.kind, source: t.source, name: t.name, role: 'tool' }));
    files.push({ id: HOOKS_FILE_ID, kind: 'typescript', source: snapshot.hooks, name: 'hooks.ts', role: 'hooks' });
    files.push(...this.#turnSources());
    return files;
  }

  /** Safe start: evaluates `fileId` too (or every file), as the banner's Open buttons do. */
  openAfterCrash(fileId?: string): Promise<void> {
    if (fileId === undefined) this.safeStart.openAll();
    else this.safeStart.open(fileId);
    return this.evaluateNow();
  }

  dispose(): void {
    globalThis.removeEventListener?.('pagehide', this.#onPageHide);
    this.safeStart.pageHidden();
    clearTimeout(this.#timer);
    this.#unsubscribe?.();
    this.#sequence++;
  }
}

function groupByFile<T extends { fileId: string }>(items: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(item.fileId);
    if (list) list.push(item);
    else map.set(item.fileId, [item]);
  }
  return map;
}
