// Defaults the lesson scenarios share: a streaming pace that reads well at 1x, and a short system prompt.
import type { ScenarioFile } from '../../../recording/scenario/index.ts';

/** About 120 characters a second with a short pause before each response, like a quick hosted model. */
export const READABLE_PACE: NonNullable<ScenarioFile['timing']> = { tokenSize: 2, tokensPerSecond: 60, delayMs: 300 };

/** Near-instant streaming, for lessons whose point is tool time (parallel vs sequential totals). */
export const FAST_PACE: NonNullable<ScenarioFile['timing']> = { tokenSize: 4, tokensPerSecond: 2000 };

export const LESSON_SYSTEM_PROMPT = 'You are a helpful assistant. Use the tools when they help.';
