// Source text of `pi-replay.ts`, the helper every exported scenario test imports: it collects tools and hooks
// from modules the way the playground does, runs pi's own runAgentLoop on pi's faux provider with virtual time,
// releases steering/follow-up and fires the abort at the scenario's moments; and of `pi-event-summary.ts`, which
// summarizes the events exactly as event-summary.ts does (the export test proves the twins agree).
// Both are ordinary TypeScript files in files/ (read as text here), so they read and diff like the modules they
// become; tsconfig leaves files/ out because their import of ./playground-runtime.ts exists only in the export.
import replaySource from './files/pi-replay.ts?raw';
import summarySource from './files/pi-event-summary.ts?raw';

export const REPLAY_HELPER_FILE = 'pi-replay.ts';
export const REPLAY_HELPER_SOURCE: string = replaySource;
export const EVENT_SUMMARY_FILE = 'pi-event-summary.ts';
export const EVENT_SUMMARY_SOURCE: string = summarySource;
