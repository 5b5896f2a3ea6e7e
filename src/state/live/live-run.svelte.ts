// A live run: the selected scenario's prompts, the workspace's tools, hooks and settings, and a real model through
// pi-ai's own stream function for its API, recorded by the run state as events arrive (the timeline, the event log
// and the details fill as they come). Stop aborts the request and the run, which ends as pi ends it ('aborted');
// a failed request ends it as pi does ('error', pi's text with the key scrubbed) and says what to try next. Every
// run in which the model said something (text, thinking or a tool call) is saved as a scenario, which replays
// offline through the same loop; one that failed before that (a wrong key, a CORS refusal) only shows its error.
import {
  checkBaseUrl, createLiveStreamFn, findLiveProvider, hasModelContent, isLiveApi, loadLiveStream, loadProviderModels, providerOf,
  resolveLiveModel, scenarioFromLiveRecording, scrubSecret,
} from '../../ai/live/index.ts';
import type { Recording } from '../../recording/index.ts';
import type { AssistantMessage, Model } from '../../ai/index.ts';
import type { StreamFn } from '../../engine/index.ts';
import type { LessonsState } from '../lessons/lessons.svelte.ts';
import type { RunState } from '../run/run.svelte.ts';
import type { ScenarioState } from '../workspace/scenario.svelte.ts';
import type { ApiKeys } from './api-keys.svelte.ts';
import { hintFor } from './live-hints.ts';
import type { LiveHint, LiveInFlight, LiveRunRequest, LiveRunResult, LiveStatus } from './live-run-types.ts';

export interface LiveRunDeps {
  run: RunState;
  scenarios: ScenarioState;
  apiKeys: ApiKeys;
  lessons: Pick<LessonsState, 'active' | 'close'>;
}

/**
 * What a local server that wants no key (Ollama, LM Studio) is sent: pi-ai's OpenAI client refuses to start
 * without one, and such servers ignore it.
 */
export const NO_KEY = 'no-key';

function lastAssistant(recording: Recording): AssistantMessage | null {
  for (let i = recording.events.length - 1; i >= 0; i--) {
    const entry = recording.events[i];
    if (entry.source === 'pi' && entry.event.type === 'message_end' && (entry.event.message as AssistantMessage).role === 'assistant') {
      return entry.event.message as AssistantMessage;
    }
  }
  return null;
}

/**
 * `streamSimple` that calls `onReached` once the endpoint has answered: pi-ai pushes `start` after the HTTP response
 * arrived, except Mistral's, which pushes it before sending (there, any later event counts). A connection lost after
 * that is a broken stream, not a base URL or CORS problem.
 */
function reachedEndpoint(streamSimple: StreamFn, api: string, onReached: () => void): StreamFn {
  const startIsEarly = api === 'mistral-conversations';
  return (model, context, options) => {
    const source = Promise.resolve(streamSimple(model, context, options));
    return {
      async *[Symbol.asyncIterator]() {
        for await (const event of await source) {
          if (event.type !== 'error' && (event.type !== 'start' || !startIsEarly)) onReached();
          yield event;
        }
      },
      result: async () => (await source).result(),
    };
  };
}

export class LiveRunState {
  #status = $state<LiveStatus>('idle');
  #inFlight = $state.raw<LiveInFlight | null>(null);
  #hint = $state<LiveHint | null>(null);
  #error = $state<string | null>(null);
  #savedScenarioId = $state<string | null>(null);
  #model = $state.raw<Pick<Model, 'id' | 'provider' | 'api' | 'baseUrl'> | null>(null);
  #stopRequested = false;

  constructor(private readonly deps: LiveRunDeps) {}

  get status(): LiveStatus { return this.#status; }
  /** True from Run until the run has ended and been saved. */
  get busy(): boolean { return this.#status === 'starting' || this.#status === 'running'; }
  /** The request being answered now, or null between requests. */
  get inFlight(): LiveInFlight | null { return this.#inFlight; }
  /** What to try after a failed run. */
  get hint(): LiveHint | null { return this.#hint; }
  /** pi's error text of the failed run (the key scrubbed out). */
  get error(): string | null { return this.#error; }
  /** The scenario the last run was saved as (it replays offline); null when it got no answer to save. */
  get savedScenarioId(): string | null { return this.#savedScenarioId; }
  /** The model of the last run started. */
  get model(): Pick<Model, 'id' | 'provider' | 'api' | 'baseUrl'> | null { return this.#model; }

  /** Checks a request without running it: the refusal a run would answer, or null. */
  check(request: LiveRunRequest): Exclude<LiveRunResult, { ok: true }> | null {
    if (this.busy) return { ok: false, refusal: 'busy' };
    if (!request || typeof request.api !== 'string' || !isLiveApi(request.api)) return { ok: false, refusal: 'api', detail: String(request?.api) };
    if (typeof request.model !== 'string' || !request.model.trim()) return { ok: false, refusal: 'model' };
    const baseUrl = request.baseUrl?.trim();
    if (baseUrl) {
      const problem = checkBaseUrl(baseUrl);
      if (problem) return { ok: false, refusal: 'base-url', detail: problem };
    }
    // A catalog endpoint needs the user's key; a base URL of one's own may be a local server that takes none.
    if (!baseUrl && !this.deps.apiKeys.get(providerOf(request))) return { ok: false, refusal: 'no-key' };
    if (!this.deps.scenarios.runnable()) return { ok: false, refusal: 'no-scenario' };
    return null;
  }

  /** Runs the selected scenario against the model; resolves once the run has ended and been saved. */
  async run(request: LiveRunRequest): Promise<LiveRunResult> {
    const refused = this.check(request);
    if (refused) return refused;
    const { run, scenarios, apiKeys, lessons } = this.deps;
    const provider = providerOf(request);
    const key = apiKeys.get(provider);
    this.#status = 'starting';
    this.#hint = null;
    this.#error = null;
    this.#savedScenarioId = null;
    this.#stopRequested = false;
    let model: Model;
    let streamSimple: StreamFn;
    try {
      const catalog = findLiveProvider(provider) ? loadProviderModels(provider).catch(() => []) : Promise.resolve([]);
      [streamSimple, model] = await Promise.all([
        loadLiveStream(request.api),
        catalog.then((models) => resolveLiveModel({ ...request, model: request.model.trim(), provider }, models)),
      ]);
    } catch (error) {
      return this.#ended('error', null, scrubSecret(error instanceof Error ? error.message : String(error), key), 'load');
    }
    if (this.#stopRequested) return this.#ended('aborted', null, null, null);
    const runnable = scenarios.runnable();
    if (!runnable) return this.#ended('error', null, null, null);
    if (lessons.active) lessons.close();
    this.#model = { id: model.id, provider: model.provider, api: model.api, baseUrl: model.baseUrl };
    this.#status = 'running';
    const startedAt = new Date();
    let reached = false;
    const streamFn = createLiveStreamFn(reachedEndpoint(streamSimple, request.api, () => { reached = true; }), {
      apiKey: () => key ?? NO_KEY,
      onRequest: (r) => { reached = false; this.#inFlight = { index: r.index, host: r.host, model: r.model }; },
      onSettled: () => { this.#inFlight = null; },
    });
    const { scenario } = runnable;
    const recording = await run.recordLive({ model, streamFn, epochMs: Date.now() }, (recorded) => {
      const file = scenarioFromLiveRecording(recorded, {
        prompts: scenario.prompts, systemPrompt: scenario.systemPrompt, toolExecution: scenario.toolExecution, model, startedAt,
      });
      // Nothing of the model's to replay (a 401 before any reply): the error is shown, no scenario piles up.
      if (!hasModelContent(file)) return false;
      // The recording holds only what pi emitted, with the key scrubbed from errors; this is the last guard.
      const text = scrubSecret(`${JSON.stringify(file, null, 2)}\n`, key);
      const id = scenarios.add('blank', file.title ?? model.id);
      scenarios.setText(id, text);
      this.#savedScenarioId = id;
      return true;
    });
    this.#inFlight = null;
    if (!recording) return this.#ended('aborted', null, null, null);
    const last = lastAssistant(recording);
    const stopReason = last?.stopReason ?? null;
    const errorText = last?.errorMessage ? scrubSecret(last.errorMessage, key) : recording.failure ? scrubSecret(recording.failure, key) : null;
    if (stopReason === 'aborted' || (this.#stopRequested && !last)) return this.#ended('aborted', stopReason, errorText, null);
    if (stopReason === 'error' || recording.status === 'failed') return this.#ended('error', stopReason, errorText, hintFor(errorText ?? '', reached));
    return this.#ended('done', stopReason, null, null);
  }

  /** Aborts the request under way and the run (it ends as pi ends an aborted run, and is kept). */
  stop(): void {
    if (!this.busy) return;
    this.#stopRequested = true;
    this.deps.run.stop();
  }

  #ended(status: 'done' | 'error' | 'aborted', stopReason: string | null, errorMessage: string | null, hint: LiveHint | null): LiveRunResult {
    this.#status = status;
    this.#inFlight = null;
    this.#error = errorMessage;
    this.#hint = hint;
    return { ok: true, status, stopReason, errorMessage, scenarioId: this.#savedScenarioId };
  }
}
