// Builds the state objects of one app instance from its services, wires them together and starts them.
// The composition root (App.svelte) calls this; tests call it with in-memory or failing stores and fake sandboxes.
import type { KeyValueStore } from '../storage/kv-store.ts';
import { createWorkspaceRepository } from '../storage/workspace-repository.ts';
import type { AppState } from './context.ts';
import { EvaluationState } from './evaluation.svelte.ts';
import { PersistenceState } from './persistence.svelte.ts';
import { PreferencesState } from './preferences.svelte.ts';
import { ProvidersState } from './providers.svelte.ts';
import { createRunEnvironment } from './run-environment.ts';
import { RunState } from './run.svelte.ts';
import { ScenarioState } from './scenario.svelte.ts';
import type { ToolRuntime } from './tool-runtime.ts';
import { TryRunState } from './try-run.svelte.ts';
import { ViewsState } from './views.svelte.ts';
import { WorkspaceState } from './workspace.svelte.ts';

export interface AppServices {
  store: KeyValueStore;
  /** The sandbox; null when it could not be created (the app still edits and saves). */
  runtime: ToolRuntime | null;
  /** BroadcastChannel name for cross-tab notices (tests isolate themselves with their own). */
  channelName?: string;
  saveDelayMs?: number;
  typingDelayMs?: number;
}

export interface RunningApp extends AppState {
  /** Loads the stored workspace, view state and preferences, then starts autosave and evaluation. */
  start(): Promise<void>;
  /** Saves everything pending now (pagehide). */
  flush(): Promise<void>;
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
  const evaluation = new EvaluationState(services.runtime, workspace, { typingDelayMs: services.typingDelayMs });
  const tryRun = new TryRunState();
  const providers = new ProvidersState(workspace, evaluation, views);
  views.onChange = () => persistence.scheduleViewSave();
  const scenarios = new ScenarioState(workspace, views);
  const run = new RunState(createRunEnvironment(scenarios, evaluation, services.runtime));

  return {
    workspace, views, preferences, persistence, evaluation, tryRun, providers, scenarios, run,
    async start() {
      const [view] = await Promise.all([repository.loadViewState(), preferences.load()]);
      views.load(view);
      await persistence.start();
      evaluation.start();
      void scenarios.start();
    },
    async flush() {
      await Promise.all([persistence.flush(), preferences.flush()]);
    },
    dispose() {
      run.dispose();
      evaluation.dispose();
      persistence.dispose();
      preferences.dispose();
      tryRun.stop();
      repository.close();
    },
  };
}
