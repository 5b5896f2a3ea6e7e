// Colours, letters and outcome patterns of the timeline. Phase colours follow the Okabe–Ito palette, which stays
// distinct under the common colour-vision deficiencies; every phase also has a letter, every outcome a pattern.
import type { BlockKind, PhaseOutcome, ToolPhase } from '../../engine/index.ts';

export const PHASES: readonly ToolPhase[] = ['queued', 'prepare', 'validate', 'beforeToolCall', 'execute', 'afterToolCall', 'result'];

/** Shown inside chips too narrow for the name. */
export const PHASE_LETTER: Record<ToolPhase, string> = {
  queued: 'Q', prepare: 'P', validate: 'V', beforeToolCall: 'B', execute: 'E', afterToolCall: 'A', result: 'R',
};

export const BLOCK_LETTER: Record<BlockKind, string> = { text: 'T', thinking: 'K', toolCall: 'C' };

/** The CSS class that colours a phase (fill and text); the colours are CSS variables in Timeline.svelte. */
export const phaseClass = (phase: ToolPhase): string => `ph-${phase}`;
export const blockClass = (kind: BlockKind): string => `bk-${kind}`;

/** Outcomes other than ok carry a pattern over the phase colour (and a border), so they read without colour. */
export const OUTCOME_PATTERN: Partial<Record<PhaseOutcome, string>> = {
  error: 'tl-pat-error',
  blocked: 'tl-pat-blocked',
  aborted: 'tl-pat-aborted',
  skipped: 'tl-pat-skipped',
};

export const OUTCOMES: readonly PhaseOutcome[] = ['ok', 'error', 'blocked', 'aborted', 'skipped'];
