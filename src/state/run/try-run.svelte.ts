// "Try it": calls one tool the way pi's loop would for a single call — prepareArguments, pi's argument
// validation, then execute in the sandbox — and keeps what each step said. Stoppable; one call at a time.
import { PREPARE_ARGUMENTS_ASYNC, type PrepareArgumentsAsync } from '../../engine/index.ts';
import type { Tool } from '../../ai/index.ts';
import type { AgentTool } from '../../engine/index.ts';
import { msg, type UiMessage } from '../shell/ui-message.ts';

export type TryStage = 'arguments' | 'prepare' | 'validate' | 'execute';

export interface TryResult {
  ok: boolean;
  /** The step that produced the outcome (the failing one, or `execute`). */
  stage: TryStage;
  /** What the model would read: the result's text blocks, or the error text. */
  text: string;
  /** Set when `text` is the playground's own words rather than the tool's or pi's: show this instead. */
  note?: UiMessage;
  details?: unknown;
  /** Texts of each onUpdate call while execute ran. */
  updates: string[];
  durationMs: number;
}

let callCounter = 0;

export class TryRunState {
  #argsText = $state<Record<string, string>>({});
  #running = $state<string | null>(null);
  #results = $state.raw<Record<string, TryResult>>({});
  #controller: AbortController | null = null;

  /** File id of the tool running now, if any. */
  get running(): string | null { return this.#running; }

  argsFor(fileId: string, fallback: () => string): string {
    return this.#argsText[fileId] ?? fallback();
  }

  setArgs(fileId: string, text: string): void {
    this.#argsText[fileId] = text;
  }

  resultFor(fileId: string): TryResult | undefined {
    return this.#results[fileId];
  }

  stop(): void {
    this.#controller?.abort();
  }

  /**
   * Runs `tool` with the JSON in `argsText`. A tool without execute (a JSON-schema tool) stops after validation
   * and reports the arguments execute would have received.
   */
  async run(fileId: string, tool: AgentTool | Tool, argsText: string): Promise<TryResult> {
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    this.#running = fileId;
    const started = performance.now();
    const updates: string[] = [];
    const finish = (result: Omit<TryResult, 'durationMs' | 'updates'>): TryResult => {
      const full = { ...result, updates, durationMs: performance.now() - started };
      this.#results = { ...this.#results, [fileId]: full };
      if (this.#controller === controller) { this.#running = null; this.#controller = null; }
      return full;
    };

    let args: unknown;
    try {
      args = JSON.parse(argsText);
    } catch (error) {
      const note = msg('editor.try.argsNotJson', { error: message(error) });
      return finish({ ok: false, stage: 'arguments', text: `The arguments are not valid JSON: ${message(error)}`, note });
    }
    try {
      args = await prepare(tool, args);
    } catch (error) {
      const note = error instanceof PreparePromiseError ? msg('editor.try.preparePromise') : undefined;
      return finish({ ok: false, stage: 'prepare', text: message(error), ...(note ? { note } : {}) });
    }
    // Validation pulls in TypeBox's checker; load it when someone first tries a tool, not on page load.
    const { inspectToolArguments } = await import('../../ai/validation/index.ts');
    const toolCallId = `try_${++callCounter}`;
    const inspection = inspectToolArguments(tool, { type: 'toolCall', id: toolCallId, name: tool.name, arguments: args as Record<string, unknown> });
    if (!inspection.ok) return finish({ ok: false, stage: 'validate', text: inspection.message ?? 'Validation failed' });
    if (!('execute' in tool) || typeof tool.execute !== 'function') {
      return finish({ ok: true, stage: 'validate', text: 'Arguments are valid. execute would receive:', note: msg('editor.try.argsValid'), details: inspection.value });
    }
    try {
      const result = await tool.execute(toolCallId, inspection.value, controller.signal, (partial) => {
        updates.push(textOf(partial?.content));
      });
      return finish({ ok: true, stage: 'execute', text: textOf(result?.content), details: result?.details });
    } catch (error) {
      return finish({ ok: false, stage: 'execute', text: message(error) });
    }
  }
}

class PreparePromiseError extends Error {
  constructor() {
    super('prepareArguments returned a Promise; pi calls it synchronously and does not await it.');
  }
}

async function prepare(tool: AgentTool | Tool, args: unknown): Promise<unknown> {
  const remote = (tool as unknown as Record<symbol, PrepareArgumentsAsync | undefined>)[PREPARE_ARGUMENTS_ASYNC];
  if (remote) {
    const outcome = await remote(args);
    if ('returnedPromise' in outcome) throw new PreparePromiseError();
    return outcome.value;
  }
  return 'prepareArguments' in tool && tool.prepareArguments ? tool.prepareArguments(args) : args;
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => (block?.type === 'text' ? String(block.text) : block?.type === 'image' ? `[image ${block.mimeType ?? ''}]` : ''))
    .filter(Boolean)
    .join('\n');
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
