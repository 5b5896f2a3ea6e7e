// Builds the state objects of one app instance from its services, wires them together and starts them.
// The composition root (App.svelte) calls this; tests call it with in-memory or failing stores and fake sandboxes.
import type { KeyValueStore } from '../../storage/kv-store.ts';
import { createWorkspaceRepository } from '../../storage/workspace-repository.ts';
import type { AppState } from './context.ts';
import type { EvaluationMarkerStore } from '../../storage/evaluation-marker.ts';
import { EvaluationState } from '../workspace/evaluation.svelte.ts';
import { LessonsState, type LessonSandboxFactory } from '../lessons/lessons.svelte.ts';
import { CodingToolsState } from '../files/coding-tools.svelte.ts';
import { createWorkspaceFilesService, type FilesService } from '../files/service.ts';
import { createSnapshotRepository } from '../../storage/snapshots.ts';
import { FilesSnapshotsState } from '../files/snapshots.svelte.ts';
import { FilesState } from '../files/files.svelte.ts';
import { PersistenceState } from '../workspace/persistence.svelte.ts';
import { createBackupStore } from '../../storage/backups.ts';
import { createSessionFileWriter } from '../portable/files.ts';
import { PortableState } from '../portable/portable.svelte.ts';
import { PresentationState } from './presentation.svelte.ts';
import { PreferencesState } from './preferences.svelte.ts';
import { ProvidersState } from '../providers/providers.svelte.ts';
import { codeTurnSourceFiles } from '../run/code-turns.ts';
import { createRunEnvironment } from '../run/environment.ts';
import { RunAutoRecord } from '../run/auto.svelte.ts';
import { RunState } from '../run/run.svelte.ts';
import { SandboxTimeoutState } from '../run/timeout.svelte.ts';
import { SandboxNetworkState } from '../run/sandbox-network.svelte.ts';
import { ApiKeys } from '../live/api-keys.svelte.ts';
import { LiveRunLoader } from '../live/live-loader.svelte.ts';
import { ExactTokensState, type ExactTokensOptions } from '../providers/exact-tokens.svelte.ts';
import type { SandboxLogTap } from '../run/sandbox-logs.ts';
import { ScenarioState } from '../workspace/scenario.svelte.ts';
import type { ToolRuntime } from '../run/tool-runtime.ts';
import { TryRunState } from '../run/try-run.svelte.ts';
import { ViewsState } from './views.svelte.ts';
import { WorkspaceState } from '../workspace/workspace.svelte.ts';

export interface AppServices {
  store: KeyValueStore;
  /** The sandbox; null when it could not be created (the app still edits and saves). */
  runtime: ToolRuntime | null;
  /** BroadcastChannel name for cross-tab notices (tests isolate themselves with their own). */
  channelName?: string;
  saveDelayMs?: number;
  typingDelayMs?: number;
  /** Where evaluation leaves its crash marker (the app: localStorage); none, no safe start after a crash. */
  crashMarker?: EvaluationMarkerStore;
  /** Quiet time after an edit before a short, out-of-date run records again by itself (default 600 ms). */
  autoRecordQuietMs?: number;
  /** The lessons' own sandbox (default: a real one, created when a lesson is first played). */
  lessonSandbox?: LessonSandboxFactory;
  /** The virtual filesystem (IndexedDB in the app); default: a memory filesystem with the starter files. */
  files?: FilesService;
  /** What the sandbox's user code prints, put into the run being recorded. */
  sandboxLogs?: SandboxLogTap;
  /** Whether the first-run welcome may open on its own (default true; the address and the preferences decide). */
  welcome?: boolean;
  /** The provider key store (default: a new one over this tab's sessionStorage). */
  apiKeys?: ApiKeys;
  /** Where exact token counts are asked (tests point them at a local stand-in). */
  exactTokens?: ExactTokensOptions;
}

export interface RunningApp extends AppState {
  /** Loads the stored workspace, view state and preferences, then starts autosave and evaluation. */
  start(): Promise<void>;
  /**
   * Fetches what the first view does not need (the scenario checker, pi's coding tools, the transpiler); the shell
   * calls it once the app is ready and the page idle. Each part also loads on its first use without it.
   */
  loadDeferred(): void;
  /** Saves everything pending now and resolves when it is saved (unmount, tests). */
  flush(): Promise<void>;
  /** The page is going away (pagehide, hidden): enqueues the workspace write before returning. */
  flushNow(): void;
  dispose(): void;
}

export function createAppState(services: AppServices): RunningApp {
  const repository = createWorkspaceRepository(services.store, { channelName: services.channelName });
  const workspace = new WorkspaceState();
  const views = new ViewsState();
  const preferences = new PreferencesState(repository);
  const persistence = new PersistenceState(repository, workspace, {
    saveDelayMs: services.saveDelayMs,
    viewState: () => views.snapshot(),
  });
  const evaluation = new EvaluationState(services.runtime, workspace, { typingDelayMs: services.typingDelayMs, crashMarker: services.crashMarker });
  const tryRun = new TryRunState();
  const providers = new ProvidersState(workspace, evaluation, views);
  views.onChange = () => persistence.scheduleViewSave();
  const scenarios = new ScenarioState(workspace, views);
  const filesService = services.files ?? createWorkspaceFilesService({ memory: true });
  const files = new FilesState(filesService);
  const codingTools = new CodingToolsState(workspace, files, filesService, () => evaluation.evaluation.tools.map((t) => t.name));
  const fileSnapshots = new FilesSnapshotsState(files, createSnapshotRepository(services.store), () => {
    const selected = scenarios.selected;
    return selected ? { id: selected.id, name: selected.name, exampleId: selected.exampleId } : null;
  });
  evaluation.setExtraTools(() => codingTools.declarations);
  const sandboxTimeout = new SandboxTimeoutState(services.runtime);
  const sandboxNetwork = new SandboxNetworkState(services.runtime, workspace);
  const apiKeys = services.apiKeys ?? new ApiKeys();
  const exactTokens = new ExactTokensState(apiKeys, services.exactTokens);
  evaluation.setTurnSources(() => codeTurnSourceFiles(scenarios.runnable()?.scenario.turns));
  // Runs get the chosen built-in tools and trace what files they touch; each recording starts from the same files.
  const run = new RunState(codingTools.runEnvironment(createRunEnvironment(scenarios, evaluation, services.runtime, {
    workspace,
    codingTools: () => codingTools.active,
    // A kept snapshot is restored before every recording (its id says which); else the files captured at the first.
    files: () => fileSnapshots.startFor(scenarios.selected?.id)?.id ?? fileSnapshots.runStart,
    timeoutMs: () => sandboxTimeout.ms,
    network: () => sandboxNetwork.allowed,
  })));
  const autoRecord = new RunAutoRecord(run, evaluation, workspace, {
    quietMs: services.autoRecordQuietMs,
    enabled: () => preferences.autoRecord,
  });
  const lessons = new LessonsState(services.store, workspace, run, { createSandbox: services.lessonSandbox });
  run.traceSources.push(codingTools.traceSource);
  run.beforeRecord.push(() => fileSnapshots.beforeRecord());
  if (services.sandboxLogs) run.traceSources.push(services.sandboxLogs.source);
  // Share links, workspace files, pi sessions and the export to pi.
  const portable = new PortableState({
    workspace, scenarios, views, run, backups: createBackupStore(services.store),
    pi: {
      workspace: () => workspace.snapshot(), scenarios, run,
      runStartFiles: () => fileSnapshots.runStart?.snapshot ?? null,
      codingTools: () => codingTools.active,
    },
    sessionFiles: createSessionFileWriter(files),
  });
  const presentation = new PresentationState();
  const live = new LiveRunLoader({ run, scenarios, apiKeys, lessons });

  return {
    workspace, views, preferences, persistence, evaluation, tryRun, providers, scenarios, run, lessons, files, codingTools, fileSnapshots, portable, presentation,
    sandboxTimeout, sandboxNetwork, apiKeys, exactTokens, live,
    async start() {
      const [view] = await Promise.all([repository.loadViewState(), preferences.load()]);
      views.load(view);
      await Promise.all([persistence.start(), lessons.load()]);
      // The loaded workspace's network setting reaches the sandbox before its first evaluation creates it.
      sandboxNetwork.start();
      evaluation.start();
      autoRecord.start();
      // The filesystem is a lazy chunk: the panel and the run tools wait for it, the first paint does not. pi's
      // coding tools come at once only when they are on (the model sees them); else with loadDeferred().
      void files.start().then(() => Promise.all([codingTools.setting.enabled ? codingTools.start() : undefined, fileSnapshots.load()]));
    },
    loadDeferred() {
      // What the first view does not need, once the app is ready and the page idle: the scenario checker (TypeBox's
      // value checks with it) and pi's coding tools; each also loads at once where it is first used.
      void scenarios.start();
      void codingTools.start();
    },
    async flush() {
      await Promise.all([persistence.flush(), preferences.flush()]);
    },
    flushNow() {
      persistence.flushNow();
      void preferences.flush();
    },
    dispose() {
      live.current?.stop();
      autoRecord.dispose();
      run.dispose();
      lessons.dispose();
      evaluation.dispose();
      sandboxNetwork.dispose();
      files.dispose();
      persistence.dispose();
      preferences.dispose();
      tryRun.stop();
      repository.close();
    },
  };
}
