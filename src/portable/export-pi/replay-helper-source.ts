// Source text of `pi-replay.ts`, the helper every exported scenario test imports: it collects tools and hooks
// from modules the way the playground does, runs pi's own runAgentLoop on pi's faux provider with virtual time,
// releases steering/follow-up and fires the abort at the scenario's moments, and summarizes the events exactly
// as event-summary.ts does (the export test proves the twins agree).
// The helper is an ordinary TypeScript file in files/ (read as text here), so it reads and diffs like the module
// it becomes; tsconfig leaves files/ out because its import of ./playground-runtime.ts exists only in the export.
import source from './files/pi-replay.ts?raw';

export const REPLAY_HELPER_FILE = 'pi-replay.ts';

export const REPLAY_HELPER_SOURCE: string = source;
