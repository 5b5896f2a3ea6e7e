// The automation contract's live run: `runLive({ api, model, apiKey, baseUrl?, provider? })` checks its argument
// (a refusal names the field), puts the key in the key store (memory only), runs the selected scenario against the
// model and answers once the run is recorded and saved. `stopLive()` is the Stop button.
import { LIVE_APIS, isLiveApi } from '../ai/live/index.ts';
import { checkBaseUrl, providerOf } from '../ai/live/index.ts';
import type { AppState } from '../state/shell/context.ts';
import type { AutomationTracker } from './tracker.svelte.ts';
import type { ActionResult } from './types.ts';
import type { LiveRefusal } from '../state/live/live-run-types.ts';

const REFUSALS: Record<LiveRefusal, string> = {
  busy: 'a live run is already under way (stopLive() ends it)',
  api: `api must be one of ${LIVE_APIS.join(', ')}`,
  model: 'model must be a non-empty string',
  'base-url': 'baseUrl must be an http(s) URL',
  'no-key': 'apiKey must be a non-empty string (it may be empty only with a baseUrl of a server that takes none)',
  'no-scenario': 'the selected scenario does not parse, so it has no prompt to send',
};

export interface RunLiveOptions { api: string; model: string; apiKey?: string; baseUrl?: string; provider?: string }

/** The first field of `options` that is wrong, worded; null when all are usable. */
export function checkRunLiveOptions(options: unknown): string | null {
  if (!options || typeof options !== 'object' || Array.isArray(options)) return 'runLive needs { api, model, apiKey, baseUrl? }';
  const o = options as Record<string, unknown>;
  if (typeof o.api !== 'string' || !isLiveApi(o.api)) return REFUSALS.api;
  if (typeof o.model !== 'string' || !o.model.trim()) return REFUSALS.model;
  if (o.baseUrl !== undefined && (typeof o.baseUrl !== 'string' || (o.baseUrl.trim() && checkBaseUrl(o.baseUrl.trim())))) return REFUSALS['base-url'];
  if (o.provider !== undefined && (typeof o.provider !== 'string' || !o.provider.trim())) return 'provider must be a non-empty string';
  if (o.apiKey !== undefined && typeof o.apiKey !== 'string') return REFUSALS['no-key'];
  if (!(typeof o.apiKey === 'string' && o.apiKey.trim()) && !(typeof o.baseUrl === 'string' && o.baseUrl.trim())) return REFUSALS['no-key'];
  return null;
}

export class LiveActions {
  constructor(private readonly app: AppState, private readonly tracker: AutomationTracker, private readonly openTimeline: () => void) {}

  async runLive(options: unknown): Promise<ActionResult> {
    const problem = checkRunLiveOptions(options);
    if (problem) return this.tracker.fail(problem);
    return this.tracker.track(async () => {
      if (!(await this.tracker.whenReady())) return this.tracker.fail('the app is not ready');
      const o = options as RunLiveOptions;
      const request = { api: o.api as (typeof LIVE_APIS)[number], model: o.model.trim(), baseUrl: o.baseUrl?.trim() || undefined, provider: o.provider?.trim() || undefined };
      const live = await this.app.live.load().catch(() => null);
      if (!live) return this.tracker.fail('the live run could not be loaded (offline?)');
      // As a user typing it in the key field: memory only, for this page.
      if (o.apiKey?.trim()) this.app.apiKeys.set(providerOf(request), o.apiKey);
      this.openTimeline();
      const result = await live.run(request);
      if (!result.ok) return this.tracker.fail(REFUSALS[result.refusal]);
      return this.tracker.ok();
    });
  }

  async stopLive(): Promise<ActionResult> {
    this.app.live.current?.stop();
    return this.tracker.ok();
  }
}
