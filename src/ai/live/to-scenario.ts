// Turns the recording of a live run into a scenario file: each assistant message the model sent becomes a scripted
// turn (its blocks, stopReason and error text as pi-ai gave them) with its real timing — the wait before the reply
// started and the pace it streamed at — so the run replays offline, deterministically, through the same loop.
import type { BlockTurnFile, ScenarioFile } from '../../recording/scenario/index.ts';
import type { Recording } from '../../recording/index.ts';
import type { AssistantMessage, Model } from '../types.ts';
import type { ToolExecutionMode } from '../../engine/index.ts';

export interface LiveRunInputs {
  prompts: string[];
  systemPrompt: string;
  toolExecution: ToolExecutionMode;
  model: Pick<Model, 'id' | 'api' | 'provider'>;
  /** When the run started (wall time), for the title; default: now. */
  startedAt?: Date;
}

/** Characters per token in the scripted stream's pace (chunking.ts). */
const CHARS_PER_TOKEN = 4;
const TOKEN_SIZE = 2;

function streamedChars(message: AssistantMessage): number {
  let chars = 0;
  for (const block of message.content) {
    if (block.type === 'text') chars += block.text.length;
    else if (block.type === 'thinking') chars += block.thinking.length;
    else if (block.type === 'toolCall') chars += JSON.stringify(block.arguments ?? {}).length;
  }
  return chars;
}

function turnOf(message: AssistantMessage, requestAtMs: number, startMs: number, endMs: number): BlockTurnFile {
  const content: Exclude<BlockTurnFile['content'], string> = [];
  for (const block of message.content) {
    if (block.type === 'text') content.push({ type: 'text', text: block.text });
    else if (block.type === 'thinking') content.push({ type: 'thinking', thinking: block.thinking });
    else if (block.type === 'toolCall') {
      const args = block.arguments as unknown;
      const call: Extract<(typeof content)[number], { type: 'toolCall' }> = { type: 'toolCall', id: block.id, name: block.name, arguments: args };
      if (args === null || typeof args !== 'object' || Array.isArray(args)) call.nonObjectArguments = true;
      content.push(call);
    }
  }
  const stopReason = message.stopReason === 'pending' || message.stopReason === 'deferred' ? 'stop' : message.stopReason;
  const turn: BlockTurnFile = { content, stopReason };
  if ((stopReason === 'error' || stopReason === 'aborted') && message.errorMessage !== undefined) turn.errorMessage = message.errorMessage;
  const delayMs = Math.max(0, Math.round(startMs - requestAtMs));
  const streamMs = Math.max(0, endMs - startMs);
  const tokens = streamedChars(message) / CHARS_PER_TOKEN;
  turn.timing = { tokenSize: TOKEN_SIZE, delayMs };
  // A reply that arrived in one piece streams as fast as possible; else at the pace it really came.
  if (streamMs >= 1 && tokens > 0) turn.timing.tokensPerSecond = Math.round((tokens / (streamMs / 1000)) * 100) / 100;
  return turn;
}

/**
 * The scenario a live run recorded. Never throws; a run without any assistant message (stopped before the model
 * answered) gives a scenario with no turns.
 */
export function scenarioFromLiveRecording(recording: Recording, inputs: LiveRunInputs): ScenarioFile {
  const turns: BlockTurnFile[] = [];
  let lastPiAt = recording.events[0]?.t ?? 0;
  let requestAt = lastPiAt;
  let startAt: number | null = null;
  for (const entry of recording.events) {
    if (entry.source !== 'pi') continue;
    const { event } = entry;
    const assistant = 'message' in event && event.message && (event.message as AssistantMessage).role === 'assistant';
    if (event.type === 'message_start' && assistant) {
      requestAt = lastPiAt;
      startAt = entry.t;
    } else if (event.type === 'message_end' && assistant) {
      turns.push(turnOf(event.message as AssistantMessage, requestAt, startAt ?? entry.t, entry.t));
      startAt = null;
    }
    lastPiAt = entry.t;
  }
  const when = (inputs.startedAt ?? new Date()).toISOString().replace('T', ' ').slice(0, 16);
  return {
    title: `Live: ${inputs.model.id} (${when} UTC)`,
    description: `Recorded from a live run of ${inputs.model.provider}/${inputs.model.id} over ${inputs.model.api}. Each turn is the model's real reply, with the wait and pace it came at.`,
    systemPrompt: inputs.systemPrompt,
    prompt: inputs.prompts.length === 1 ? inputs.prompts[0] : inputs.prompts,
    toolExecution: inputs.toolExecution,
    timing: { seed: 1 },
    turns,
    // Bounded as the format bounds them: an id longer than a file may hold is cut, never a reason to lose the run.
    model: { provider: bounded(inputs.model.provider), api: bounded(inputs.model.api), id: bounded(inputs.model.id) },
  };
}

const bounded = (name: string): string => name.replace(/[\u0000-\u001f]+/g, ' ').slice(0, 200) || '?';

/**
 * Whether a live run's scenario has something of the model's to replay: a turn with text, thinking or a tool call.
 * A run that failed before the model said anything (a wrong key, a 401, a CORS refusal) has only an empty error turn.
 */
export function hasModelContent(file: ScenarioFile): boolean {
  return file.turns.some((turn) => 'content' in turn && typeof turn.content !== 'string' && turn.content.some((block) =>
    block.type === 'toolCall' || (block.type === 'text' ? block.text.trim() !== '' : block.thinking.trim() !== '')));
}
