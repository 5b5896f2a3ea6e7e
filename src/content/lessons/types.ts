// The shape of a lesson: a guided scenario about one idea of pi's tool system, with its tools and hooks as pi code,
// captions tied to moments of the recorded run, and a short quiz. Plain data in both UI languages.
import type { CodingToolName } from '../../coding-tools/index.ts';
import type { ExampleToolFile } from '../examples/types.ts';
import type { ScenarioFile } from '../../recording/scenario/index.ts';
import type { ToolPhase } from '../../engine/index.ts';

/** A text in every language the app speaks. Technical identifiers stay as they are in both. */
export interface LocalizedText {
  en: string;
  'zh-CN': string;
}

export type LessonLocale = keyof LocalizedText;

/** Which run of a lesson an anchor refers to: a lesson plays once, or twice side by side in compare mode. */
export type LessonRunLabel = 'main' | 'parallel' | 'sequential';

/**
 * Where a caption appears: an event of the recorded run. Resolved against the recording by `resolveAnchor`;
 * every lesson's anchors are checked to resolve in its test.
 * - `agent_start` / `agent_end`: the run's first and last pi event.
 * - `turn_start` / `turn_end`: turn N (1-based), as pi numbers them by their turn_start.
 * - `message`: the start or end of turn N's assistant message (the model's response).
 * - `block`: the first streamed block of a kind in turn N (`toolCall` blocks may name their call).
 * - `tool_execution_start` / `_update` / `_end`: pi's events for one call (`nth` update, 1-based).
 * - `phase`: the start or end of one pipeline phase of a call (prepare, validate, beforeToolCall, execute, ...).
 * - `toolResult`: the toolResult message of a call reaching the transcript (its message_end).
 * - `batch`: the start or end of turn N's tool batch.
 * - `log`: the first playground log line containing a text (the scenario's abort, say).
 * `run` picks the recording in compare mode (default: the first recording).
 */
export type CaptionAnchor = { run?: LessonRunLabel } & (
  | { on: 'agent_start' | 'agent_end' }
  | { on: 'turn_start' | 'turn_end'; turn: number }
  | { on: 'message'; turn: number; edge: 'start' | 'end' }
  | { on: 'block'; turn: number; kind: 'text' | 'thinking' | 'toolCall'; toolCallId?: string; edge: 'start' | 'end' }
  | { on: 'tool_execution_start' | 'tool_execution_end'; toolCallId: string }
  | { on: 'tool_execution_update'; toolCallId: string; nth?: number }
  | { on: 'phase'; toolCallId: string; phase: ToolPhase; edge: 'start' | 'end' }
  | { on: 'toolResult'; toolCallId: string }
  | { on: 'batch'; turn: number; edge: 'start' | 'end' }
  | { on: 'log'; includes: string }
);

export interface Caption {
  /** Unique within its lesson; progress remembers captions by id. */
  id: string;
  at: CaptionAnchor;
  text: LocalizedText;
}

export interface QuizChoice {
  id: string;
  text: LocalizedText;
}

/** A single-choice question; the explanation is shown once the learner has answered. */
export interface QuizQuestion {
  id: string;
  prompt: LocalizedText;
  choices: QuizChoice[];
  /** The id of the right choice. */
  answer: string;
  explanation: LocalizedText;
}

/**
 * Something the lesson page shows beside the run, computed from the lesson's tools as the editor holds them:
 * `schema`, the JSON Schema each tool's `parameters` becomes; `providers`, the tools as the named API variants
 * (keys of API_VARIANTS) encode them, side by side, with the lint's findings for them.
 */
export type LessonExhibit =
  | { kind: 'schema' }
  | { kind: 'providers'; variants: string[] };

export interface LessonSettings {
  toolExecution: 'parallel' | 'sequential';
  systemPrompt: string;
}

export interface Lesson {
  /** Stable, kebab-case; progress and links use it. */
  id: string;
  /** Numbered lessons first (1-18), then the chapter's exercises (a-c). */
  kind: 'lesson' | 'exercise';
  /** Shown on the card: "1" … "18", "A" … "C". */
  badge: string;
  /** The idea in two or three words, shown on the card. */
  concept: LocalizedText;
  title: LocalizedText;
  /** One paragraph shown before the run. */
  intro: LocalizedText;
  /** About how long the lesson takes to read through, in minutes. */
  minutes: number;
  /** Tools the learner can read and edit: pi-style TypeScript, evaluated in the sandbox. */
  tools: ExampleToolFile[];
  /** pi's built-in coding tools, working on the lesson's files. */
  codingTools?: CodingToolName[];
  /** The hooks file (beforeToolCall / afterToolCall), as a pi user writes it; empty when the lesson has none. */
  hooks: string;
  settings: LessonSettings;
  /** The lesson's own virtual files (path relative to the workspace root -> text); never the learner's files. */
  files?: Record<string, string>;
  /** The scripted model turns, in the scenario file format. */
  scenario: ScenarioFile;
  /** Shown beside the run (see LessonExhibit). */
  exhibit?: LessonExhibit;
  /** Play twice, parallel and sequential, on one time scale. */
  compare?: boolean;
  captions: Caption[];
  quiz: QuizQuestion[];
}
