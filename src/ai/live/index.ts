// Live runs against real models through pi-ai's own stream functions: the catalog of browser-callable providers,
// model resolution (catalog or custom, any base URL), lazy loading of each API's stream module, the key kept out
// of every text, and the recording of a live run as a scenario that replays offline.
export { LIVE_APIS, isLiveApi, loadLiveStream, type LiveApi } from './apis.ts';
export {
  LIVE_PROVIDERS, UNAVAILABLE_PROVIDERS, findLiveProvider, loadProviderModels,
  type LiveProvider, type UnavailableProvider, type UnavailableReason,
} from './catalog.ts';
export { checkBaseUrl, hostOf, providerOf, resolveLiveModel, type LiveModelChoice } from './model.ts';
export { KEY_MASK, containsSecret, scrubSecret } from './secret.ts';
export { createLiveStreamFn, type LiveRequest, type LiveStreamHooks } from './live-stream.ts';
export { hasModelContent, scenarioFromLiveRecording, type LiveRunInputs } from './to-scenario.ts';
