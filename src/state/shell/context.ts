// Shares the app's state objects with components through Svelte context (Symbol keys, one getter per object).
import { getContext, setContext } from 'svelte';
import type { EvaluationState } from '../workspace/evaluation.svelte.ts';
import type { LessonsState } from '../lessons/lessons.svelte.ts';
import type { CodingToolsState } from '../files/coding-tools.svelte.ts';
import type { FilesSnapshotsState } from '../files/snapshots.svelte.ts';
import type { FilesState } from '../files/files.svelte.ts';
import type { PersistenceState } from '../workspace/persistence.svelte.ts';
import type { PortableState } from '../portable/portable.svelte.ts';
import type { PresentationState } from './presentation.svelte.ts';
import type { PreferencesState } from './preferences.svelte.ts';
import type { RunState } from '../run/run.svelte.ts';
import type { SandboxTimeoutState } from '../run/timeout.svelte.ts';
import type { SandboxNetworkState } from '../run/sandbox-network.svelte.ts';
import type { ApiKeys } from '../live/api-keys.svelte.ts';
import type { LiveRunLoader } from '../live/live-loader.svelte.ts';
import type { ExactTokensState } from '../providers/exact-tokens.svelte.ts';
import type { ScenarioState } from '../workspace/scenario.svelte.ts';
import type { ProvidersState } from '../providers/providers.svelte.ts';
import type { TryRunState } from '../run/try-run.svelte.ts';
import type { ViewsState } from './views.svelte.ts';
import type { WorkspaceState } from '../workspace/workspace.svelte.ts';

/** Every state object of one mounted app. */
export interface AppState {
  workspace: WorkspaceState;
  evaluation: EvaluationState;
  persistence: PersistenceState;
  preferences: PreferencesState;
  views: ViewsState;
  tryRun: TryRunState;
  providers: ProvidersState;
  scenarios: ScenarioState;
  run: RunState;
  lessons: LessonsState;
  files: FilesState;
  codingTools: CodingToolsState;
  fileSnapshots: FilesSnapshotsState;
  portable: PortableState;
  /** Pane layout for this page load (URL, scripts, keyboard) and the shortcuts overlay. */
  presentation: PresentationState;
  /** The sandbox's time limit per call (an input of every run). */
  sandboxTimeout: SandboxTimeoutState;
  /** Whether tool code may use the network (a workspace setting the sandbox follows). */
  sandboxNetwork: SandboxNetworkState;
  /** The user's provider API keys (memory, or the tab's session when asked). */
  apiKeys: ApiKeys;
  /** Exact tool token counts from the providers' count endpoints, on request. */
  exactTokens: ExactTokensState;
  /** Runs against a real model with the user's key (loaded on first use). */
  live: LiveRunLoader;
  /** Fetches what the first view does not need (the app's own state has it; fixtures may leave it out). */
  loadDeferred?(): void;
}

const APP_STATE = Symbol('app-state');

export function setAppState(state: AppState): AppState {
  return setContext(APP_STATE, state);
}

function app(): AppState {
  const state = getContext<AppState | undefined>(APP_STATE);
  if (!state) throw new Error('App state is missing: components must be rendered inside App');
  return state;
}

/** Every state object at once (the automation contract reads across all of them). */
export const getAppState = (): AppState => app();
export const getWorkspace = (): WorkspaceState => app().workspace;
export const getEvaluation = (): EvaluationState => app().evaluation;
export const getPersistence = (): PersistenceState => app().persistence;
export const getPreferences = (): PreferencesState => app().preferences;
export const getViews = (): ViewsState => app().views;
export const getTryRun = (): TryRunState => app().tryRun;
export const getProviders = (): ProvidersState => app().providers;
export const getScenarios = (): ScenarioState => app().scenarios;
export const getRun = (): RunState => app().run;
export const getLessons = (): LessonsState => app().lessons;
export const getFiles = (): FilesState => app().files;
export const getCodingTools = (): CodingToolsState => app().codingTools;
export const getFileSnapshots = (): FilesSnapshotsState => app().fileSnapshots;
export const getPortable = (): PortableState => app().portable;
export const getPresentation = (): PresentationState => app().presentation;
export const getSandboxNetwork = (): SandboxNetworkState => app().sandboxNetwork;
export const getExactTokens = (): ExactTokensState => app().exactTokens;
export const getLive = (): LiveRunLoader => app().live;
export const getApiKeys = (): ApiKeys => app().apiKeys;
