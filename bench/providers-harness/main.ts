// A page that runs the providers panel's work for 100 tools (bench/support/many-tools.ts) in Chromium, as the app's
// production build would: window.manyToolsHarness.measureEdits(warmup, edits) returns the time of each edit.
import { measureEdits } from '../support/many-tools.ts';

declare global {
  interface Window { manyToolsHarness: { measureEdits: typeof measureEdits } }
}

window.manyToolsHarness = { measureEdits };
document.body.dataset.ready = 'true';
