// The live run's vocabulary, in plain TypeScript so the app state, the automation contract and the UI can name it
// without loading the live run itself (that comes with its first use, with pi-ai's modules behind it).
import type { LiveApi } from '../../ai/live/index.ts';

/** `starting`: loading pi-ai's module for the API; `running`: the run is being recorded; then how it ended. */
export type LiveStatus = 'idle' | 'starting' | 'running' | 'done' | 'error' | 'aborted';

/** What to tell the user to do next after a failed run (the UI words each). */
export type LiveHint = 'key' | 'rate-limit' | 'server' | 'network' | 'stream' | 'load';

/** Why a live run was not started (the UI words each; automation answers name the field). */
export type LiveRefusal = 'busy' | 'api' | 'model' | 'base-url' | 'no-key' | 'no-scenario';

export interface LiveRunRequest {
  api: LiveApi;
  /** A catalog model id, or any id the endpoint accepts. */
  model: string;
  /** The provider whose key is used and whose catalog is looked in; default: the API's usual provider. */
  provider?: string;
  /** Another endpoint (a proxy, a local server); empty: the catalog's. */
  baseUrl?: string;
}

export type LiveRunResult =
  | { ok: true; status: 'done' | 'error' | 'aborted'; stopReason: string | null; errorMessage: string | null; scenarioId: string | null }
  | { ok: false; refusal: LiveRefusal; detail?: string };

/** The request under way: where it goes (the in-flight indicator names the host). */
export interface LiveInFlight { index: number; host: string; model: string }
