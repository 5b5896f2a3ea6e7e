// pi's built-in coding tools in runs: the workspace setting (off, or on with all or some of read, write, edit, ls,
// find, grep — bash cannot exist in a browser), their declarations for the views that show what the model sees,
// and the tools a run gets: over the workspace filesystem, cwd /workspace, traced as trace_fs on the run's clock.
import type { Clock } from '../../engine/index.ts';
import { CODING_TOOLS_KEY } from '../../storage/keys.ts';
import type { CodingToolName } from '../../coding-tools/index.ts';
import type { TraceSink } from '../../engine/index.ts';
import type { AgentTool } from '../../engine/index.ts';
import type { FilesService } from './service.ts';
import { holdClockDuringFs } from './run.ts';
import type { FilesState } from './files.svelte.ts';
import type { RunEnvironment, TraceSource } from '../run/run.svelte.ts';
import type { EvaluatedTool } from '../run/tool-runtime.ts';
import { msg, type UiMessage } from '../shell/ui-message.ts';
import type { WorkspaceState } from '../workspace/workspace.svelte.ts';

/** pi's order for the six browser-capable tools. */
export const CODING_TOOL_ORDER: readonly CodingToolName[] = ['read', 'write', 'edit', 'ls', 'find', 'grep'];
/** File id prefix of the built-in tools' declarations (they have no source file). */
export const BUILTIN_FILE_PREFIX = 'builtin:';

export interface CodingToolsSetting {
  enabled: boolean;
  /** Which tools, in pi's order. */
  tools: CodingToolName[];
}

export const DEFAULT_CODING_TOOLS: CodingToolsSetting = { enabled: false, tools: [...CODING_TOOL_ORDER] };

/** Reads the stored setting forgivingly: unknown names are dropped, a missing list means all six. */
export function parseCodingTools(value: unknown): CodingToolsSetting {
  if (!value || typeof value !== 'object') return { ...DEFAULT_CODING_TOOLS, tools: [...CODING_TOOL_ORDER] };
  const v = value as Record<string, unknown>;
  const listed = Array.isArray(v.tools) ? new Set(v.tools) : new Set(CODING_TOOL_ORDER);
  return { enabled: v.enabled === true, tools: CODING_TOOL_ORDER.filter((name) => listed.has(name)) };
}

/** What a run gets from the files side; `end()` stops tracing the sandbox's fs into it. */
export interface RunFiles {
  /** The chosen built-in tools (empty when off), to add after the workspace's own tools. */
  tools: AgentTool<any>[];
  end(): void;
}

export class CodingToolsState {
  #declarations = $state.raw<readonly EvaluatedTool[]>([]);
  #setupError = $state.raw<UiMessage | null>(null);
  #settled = $state(false);
  #starting: Promise<void> | undefined;

  readonly setting: CodingToolsSetting;
  /** The tools runs get, minus any a workspace tool overrides by name (as a pi extension overrides a built-in). */
  readonly active: CodingToolName[];
  /** Built-in names a workspace tool takes over. */
  readonly overridden: CodingToolName[];
  /** Declarations (name, description, parameters) of the active tools, for the views that show what the model sees. */
  readonly declarations: EvaluatedTool[];

  constructor(
    private readonly workspace: WorkspaceState,
    private readonly files: FilesState,
    private readonly service: FilesService,
    private readonly userToolNames: () => readonly string[] = () => [],
  ) {
    this.setting = $derived(parseCodingTools(this.workspace.extension(CODING_TOOLS_KEY)));
    this.active = $derived(this.setting.enabled ? this.setting.tools.filter((n) => !this.#userToolNames().has(n)) : []);
    this.overridden = $derived(this.setting.enabled ? this.setting.tools.filter((n) => this.#userToolNames().has(n)) : []);
    this.declarations = $derived.by(() => {
      // Turned on some other way (undo, a loaded workspace): the declarations are fetched now.
      if (this.setting.enabled && !this.#starting) queueMicrotask(() => void this.start());
      return this.#declarations.filter((d) => (this.active as string[]).includes(d.name));
    });
  }

  /**
   * True once what the model sees is known: the tools are off, or their declarations have loaded (or could not).
   * The tools are a chunk of their own; turning them on fetches it.
   */
  get ready(): boolean { return this.#settled || !this.setting.enabled; }

  /** The coding tools could not be set up (the filesystem did not load, or a run could not get them). */
  get setupError(): UiMessage | null { return this.#setupError; }
  dismissSetupError(): void { this.#setupError = null; }

  #failed(error: unknown): undefined {
    this.#setupError = msg('storage.error.codingTools', { detail: error instanceof Error ? error.message : String(error) });
    return undefined;
  }

  #userToolNames(): Set<string> {
    return new Set(this.userToolNames());
  }

  /**
   * Loads the declarations (once; the app asks at once when the tools are on, else when idle or when they are
   * turned on). Never rejects: without the chunk there is nothing to declare.
   */
  start(): Promise<void> {
    this.#starting ??= this.#load().finally(() => { this.#settled = true; });
    return this.#starting;
  }

  async #load(): Promise<void> {
    await this.files.start();
    if (this.files.status === 'failed') return;
    const loaded = await this.files.loaded().catch((error: unknown) => this.#failed(error));
    if (!loaded) return;
    const { kit } = loaded;
    const tools = kit.tools.createCodingTools(kit.tools.createMemoryFileSystem());
    this.#declarations = tools.map((tool) => ({
      fileId: `${BUILTIN_FILE_PREFIX}${tool.name}`,
      name: tool.name,
      label: tool.label,
      description: tool.description,
      parameters: tool.parameters,
      executionMode: tool.executionMode,
      constrainedSampling: tool.constrainedSampling,
      hasExecute: true,
      hasPrepareArguments: typeof tool.prepareArguments === 'function',
    }));
  }

  setEnabled(enabled: boolean): void {
    if (enabled === this.setting.enabled) return;
    if (enabled) void this.start();
    this.#store({ ...this.setting, enabled }, enabled ? 'files.codingTools.undo.on' : 'files.codingTools.undo.off');
  }

  setTool(name: CodingToolName, included: boolean): void {
    const chosen = new Set(this.setting.tools);
    if (included === chosen.has(name)) return;
    if (included) chosen.add(name); else chosen.delete(name);
    this.#store({ ...this.setting, tools: CODING_TOOL_ORDER.filter((n) => chosen.has(n)) }, included ? 'files.codingTools.undo.add' : 'files.codingTools.undo.remove', { name });
  }

  /** Turns the tools on with at least `names` chosen (one undoable step): what a scenario calling them needs. */
  enableFor(names: readonly CodingToolName[]): void {
    void this.start();
    const chosen = new Set([...(this.setting.enabled ? this.setting.tools : []), ...names]);
    this.#store({ enabled: true, tools: CODING_TOOL_ORDER.filter((n) => chosen.has(n)) }, 'files.codingTools.undo.on');
  }

  /** Built-in tools `toolNames` calls that a run would not have now (the setting is off, or they are not chosen). */
  missing(toolNames: readonly string[]): CodingToolName[] {
    const called = new Set(toolNames);
    return CODING_TOOL_ORDER.filter((n) => called.has(n) && !this.active.includes(n) && !this.overridden.includes(n));
  }

  #store(setting: CodingToolsSetting, key: string, params?: Record<string, string>): void {
    this.workspace.setExtension(CODING_TOOLS_KEY, setting, params ? { key, params } : { key });
  }

  /**
   * Prepares a run: the active built-in tools over the workspace filesystem (cwd /workspace, each read and write
   * a trace_fs event on `clock`, the clock held while storage works; read resizes images on the canvas), and the sandbox's `fs` traced into the same
   * sink, attributed per tool call, until `end()`.
   */
  async prepareRun(options: { clock: Clock; trace: TraceSink }): Promise<RunFiles> {
    const { fs, kit } = await this.files.loaded();
    const names = new Set(this.active);
    const runFs = holdClockDuringFs(fs, options.clock);
    const tools = names.size === 0
      ? []
      : kit.tools.createCodingTools(runFs, { cwd: fs.cwd, trace: options.trace, clock: options.clock, images: kit.images }).filter((t) => names.has(t.name as CodingToolName));
    const target = { trace: options.trace, clock: options.clock };
    this.service.sandboxTrace = target;
    return {
      tools,
      end: () => {
        if (this.service.sandboxTrace === target) this.service.sandboxTrace = undefined;
      },
    };
  }

  /**
   * The run state's environment with the files side added: after the workspace's tools, the chosen built-in tools;
   * and the sandbox's `fs` traced. Their trace_fs events reach the recording through `traceSource`, which the
   * recorder attaches before the run starts (register it on the run state's traceSources).
   */
  runEnvironment(base: RunEnvironment): RunEnvironment {
    return {
      scenario: () => base.scenario(),
      ...(base.pending ? { pending: () => base.pending!() } : {}),
      ...(base.scenarioById ? { scenarioById: (id: string) => base.scenarioById!(id) } : {}),
      ...(base.identity ? { identity: () => base.identity!() } : {}),
      prepare: async (clock) => {
        const prepared = await base.prepare(clock);
        // Only when built-in tools are chosen does a failure matter to the run (and deserve a word).
        const files = await this.prepareRun({ clock, trace: (event) => this.#recordingSink?.(event) }).catch(
          (error: unknown) => (this.active.length ? this.#failed(error) : undefined),
        );
        return {
          ...prepared,
          tools: [...prepared.tools, ...(files?.tools ?? [])],
          release: () => {
            files?.end();
            prepared.release();
          },
        };
      },
    };
  }

  #recordingSink: TraceSink | undefined;

  /** Hands the recording's trace sink to the tools prepared by `runEnvironment`, while that recording runs. */
  readonly traceSource: TraceSource = (sink) => {
    this.#recordingSink = sink;
    return () => {
      if (this.#recordingSink === sink) this.#recordingSink = undefined;
    };
  };
}
