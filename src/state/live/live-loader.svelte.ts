// The app's one live run, created on first use: its module (and pi-ai's catalog, model and stream code behind it)
// is a chunk of its own, never part of the first load. The UI and the automation contract share the instance.
import type { LiveRunDeps, LiveRunState } from './live-run.svelte.ts';

export class LiveRunLoader {
  #state = $state.raw<LiveRunState | null>(null);
  #loading: Promise<LiveRunState> | null = null;

  constructor(private readonly deps: LiveRunDeps) {}

  /** The live run once loaded (reactive), else null. */
  get current(): LiveRunState | null { return this.#state; }

  /** Loads the live run (once). Rejects when its chunk cannot be fetched; a later call tries again. */
  load(): Promise<LiveRunState> {
    // A live run records the selected scenario: the scenario checker comes with it.
    this.#loading ??= Promise.all([import('./live-run.svelte.ts'), this.deps.scenarios.start()]).then(
      ([{ LiveRunState: State }]) => {
        const state = new State(this.deps);
        this.#state = state;
        return state;
      },
      (error: unknown) => { this.#loading = null; throw error; },
    );
    return this.#loading;
  }
}
