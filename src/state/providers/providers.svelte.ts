// "What the model sees": the workspace's evaluated tools and system prompt, encoded for every API variant as
// pi-ai 0.85.1 would send them, in one of three conversation moments, plus the schema lint per API. Re-encodes
// only when a tool, the prompt or the moment really changed; a broken tool is left out and named, never fatal.
// The encoders and the lint are a chunk of their own (providers/engine.ts): until `load()` brings them, there is
// nothing encoded and nothing linted.
import type { LintFinding } from '../../ai/lint/index.ts';
import type { ApiVariant, EncodeResult, SchemaProblem } from '../../ai/providers/index.ts';
import type { EvaluationState } from '../workspace/evaluation.svelte.ts';
import { buildConversation, conversationOptions, CONVERSATION_IDS, ENGLISH_TEXTS, type ConversationId, type ConversationInput, type ConversationTexts } from './conversations.ts';
import { findingPointer, toolsPointer } from './request-paths.ts';
import { memoized, tokenFiguresFor, type TokenFiguresResult } from './token-figures.ts';
import type { EncodingName } from '../../ai/tokens/index.ts';
import type { Encodings } from '../../ai/tokens/index.ts';
import { schemaSizeOf, type SchemaSize } from './schema-size.ts';
import { ToolStabilizer, type PanelTool } from './stable-tools.ts';
import type { ViewsState } from '../shell/views.svelte.ts';
import type { WorkspaceState } from '../workspace/workspace.svelte.ts';

export type { ConversationId, ConversationTexts } from './conversations.ts';
export type { PanelTool } from './stable-tools.ts';
export type { TokenFiguresResult } from './token-figures.ts';
export type RequestScope = 'tools' | 'request';
/** `wire`: the JSON the SDK POSTs; `payload`: the object pi hands to onPayload (they differ for a few APIs). */
export type BodyForm = 'wire' | 'payload';

/** A tool that cannot be sent: its schema is not JSON (a cycle, …) or not JSON Schema. */
export interface ExcludedTool {
  toolName: string;
  fileId: string;
  /** JSON pointer into the tool's parameters. */
  path: string;
  message: string;
  /** What is wrong at `path`, language-free (for the panel's words); absent when the tool itself is malformed. */
  detail?: SchemaProblem['detail'];
}

/** A tool too big to encode, lint and draw live (summarised with its size instead; runs still send it). */
export interface OversizedTool {
  toolName: string;
  fileId: string;
  size: SchemaSize;
}

export interface Highlight {
  variantKey: string;
  /** JSON pointer into the whole body. */
  pointer: string;
  /** Grows with every request, so asking twice for the same node scrolls to it again. */
  seq: number;
}

const VIEW = 'providers';

type ProvidersEngine = typeof import('./engine.ts');

export class ProvidersState {
  #highlight = $state.raw<Highlight | null>(null);
  #texts = $state.raw<ConversationTexts>(ENGLISH_TEXTS);
  #previousInput: ConversationInput | null = null;
  #stabilizer = new ToolStabilizer();
  #encodeRuns = 0;
  /** Each variant's last request and what it was encoded from (a plain cache: `resultFor` reads the runes). */
  #encoded = new Map<string, { input: ConversationInput; conversation: ConversationId; result: EncodeResult }>();
  /** The input and moment the last encode run was for (a run: the first variant encoded for them). */
  #encodedFor: { input: ConversationInput; conversation: ConversationId } | null = null;
  #lintRuns = 0;
  #workStart: number | null = null;
  #engine = $state.raw<ProvidersEngine | null>(null);
  #loading: Promise<void> | null = null;
  #encodings = $state.raw<Encodings>({});
  #encodingLoads = new Map<EncodingName, Promise<void>>();
  #tokenError = $state.raw<string | null>(null);

  constructor(
    private readonly workspace: WorkspaceState,
    private readonly evaluation: EvaluationState,
    private readonly views: ViewsState,
    /** The variants shown, one tab each (tests add unknown ones); default: every variant pi-ai 0.85.1 has. */
    private readonly chosenVariants?: readonly ApiVariant[],
  ) {}

  /** Brings the encoders and the lint (once); a failed load may be tried again. */
  load(): Promise<void> {
    this.#loading ??= import('./engine.ts').then(
      (engine) => { this.#engine = engine; },
      (error: unknown) => { this.#loading = null; throw error; },
    );
    return this.#loading;
  }

  /** Whether `load()` has finished: until then `results`, `findings` and `excluded` are empty. */
  get ready(): boolean { return this.#engine !== null; }

  /** The variants shown, one tab each (none before `load()` unless they were given). */
  get variants(): readonly ApiVariant[] { return this.chosenVariants ?? this.#engine?.API_VARIANTS ?? []; }

  // ------------------------------------------------------------------ choices (saved with the view state)

  get conversation(): ConversationId {
    const value = this.views.option(`${VIEW}.conversation`, 'first-turn');
    return (CONVERSATION_IDS as readonly string[]).includes(value) ? (value as ConversationId) : 'first-turn';
  }
  setConversation(id: ConversationId): void { this.views.setOption(`${VIEW}.conversation`, id); }

  get scope(): RequestScope { return this.views.option(`${VIEW}.scope`, 'tools') === 'request' ? 'request' : 'tools'; }
  setScope(scope: RequestScope): void { this.views.setOption(`${VIEW}.scope`, scope); }

  get bodyForm(): BodyForm { return this.views.option(`${VIEW}.body`, 'wire') === 'payload' ? 'payload' : 'wire'; }
  setBodyForm(form: BodyForm): void { this.views.setOption(`${VIEW}.body`, form); }

  /** The prompt typed in the panel, or the sample one in the reader's language. */
  get userPrompt(): string { return this.views.option(`${VIEW}.prompt`, this.#texts.userPrompt); }
  setUserPrompt(text: string): void { this.views.setOption(`${VIEW}.prompt`, text); }

  /** The sample conversation's words (the panel passes them in the reader's language). */
  setTexts(texts: ConversationTexts): void {
    const current = this.#texts;
    if ((Object.keys(texts) as (keyof ConversationTexts)[]).every((k) => texts[k] === current[k])) return;
    this.#texts = texts;
  }

  get variantKey(): string {
    const key = this.views.option(`${VIEW}.variant`, this.variants[0]?.key ?? '');
    return this.variants.some((v) => v.key === key) ? key : this.variants[0]?.key ?? '';
  }
  selectVariant(key: string): void { this.views.setOption(`${VIEW}.variant`, key); }

  get variant(): ApiVariant | undefined { return this.variants.find((v) => v.key === this.variantKey); }

  /** The two variants compared in the diff view (default: the selected one and the next API's default). */
  get compared(): [string, string] {
    const keys = this.variants.map((v) => v.key);
    const left = this.views.option(`${VIEW}.diff-left`, this.variantKey);
    const fallbackRight = this.variants.find((v) => v.api !== this.variant?.api)?.key ?? keys[0] ?? '';
    const right = this.views.option(`${VIEW}.diff-right`, fallbackRight);
    return [keys.includes(left) ? left : keys[0] ?? '', keys.includes(right) ? right : fallbackRight];
  }
  setCompared(side: 'left' | 'right', key: string): void { this.views.setOption(`${VIEW}.diff-${side}`, key); }

  get diffOpen(): boolean { return this.views.option(`${VIEW}.mode`, 'request') === 'diff'; }
  setDiffOpen(open: boolean): void { this.views.setOption(`${VIEW}.mode`, open ? 'diff' : 'request'); }

  get highlight(): Highlight | null { return this.#highlight; }

  // ------------------------------------------------------------------ derived views of the workspace

  /**
   * Every evaluated tool in list order (the last valid version of a file that has problems now: `stale`), then
   * pi's built-in coding tools when runs get them, as the model would see them in a run.
   */
  readonly tools: PanelTool[] = $derived.by(() => {
    const files = [...this.workspace.tools, ...this.evaluation.extraTools.map((t) => ({ id: t.fileId }))];
    return this.#stabilizer.update(files, (id) => this.evaluation.latestToolsFor(id));
  });

  /**
   * Tools past the panel's size limits (bytes, nodes or depth): measured without recursion, then left out of the
   * encode and the lint so the page stays responsive; the panel says so with their size.
   */
  readonly oversized: OversizedTool[] = $derived(this.tools.flatMap((entry) => {
    const size = schemaSizeOf(entry.tool.parameters);
    return size.over ? [{ toolName: entry.tool.name, fileId: entry.fileId, size }] : [];
  }));

  /** The tools encoded and linted: every tool but the oversized ones. */
  readonly #drawnTools: PanelTool[] = $derived.by(() => {
    const big = this.oversized;
    return big.length === 0 ? this.tools : this.tools.filter((t) => !big.some((b) => b.fileId === t.fileId && b.toolName === t.tool.name));
  });

  /** Tools whose schema no API can be sent, named with the pointer of the first problem. */
  readonly excluded: ExcludedTool[] = $derived.by(() => {
    const out: ExcludedTool[] = [];
    const engine = this.#engine;
    if (!engine) return out;
    this.#drawnTools.forEach((entry, index) => {
      const problem = engine.checkTool(entry.tool, index);
      if (problem) out.push({ toolName: entry.tool.name, fileId: entry.fileId, path: problem.path, message: problem.message, ...(problem.detail ? { detail: problem.detail } : {}) });
    });
    return out;
  });

  /** What the conversation is built from; the same object while nothing in it changed. */
  readonly input: ConversationInput = $derived.by(() => {
    const bad = new Set(this.excluded.map((e) => e.toolName));
    const tools = this.#drawnTools.filter((t) => !bad.has(t.tool.name)).map((t) => t.tool);
    const next = { systemPrompt: this.workspace.settings.systemPrompt, userPrompt: this.userPrompt, tools, texts: this.#texts };
    const previous = this.#previousInput;
    if (previous && previous.systemPrompt === next.systemPrompt && previous.userPrompt === next.userPrompt && previous.texts === next.texts
      && previous.tools.length === tools.length && previous.tools.every((t, i) => t === tools[i])) return previous;
    this.#previousInput = next;
    return next;
  });

  /**
   * The encoded request of every variant, by variant key. Each variant is encoded when first asked for with the
   * current input (`resultFor`), so the panel can draw the open request before the other APIs are worked out.
   */
  readonly results: ReadonlyMap<string, EncodeResult> = $derived.by(() => {
    if (!this.#engine) return new Map();
    return new Map(this.variants.map((variant) => [variant.key, this.resultFor(variant.key)!]));
  });

  /**
   * One variant's request for the current input and moment (reactive on both); the same object while neither
   * changed. Undefined before `load()` or for a key no variant has.
   */
  resultFor(key: string): EncodeResult | undefined {
    const engine = this.#engine;
    if (!engine) return undefined;
    const input = this.input;
    const conversation = this.conversation;
    const variant = this.variants.find((v) => v.key === key);
    if (!variant) return undefined;
    const kept = this.#encoded.get(key);
    if (kept && kept.input === input && kept.conversation === conversation) return kept.result;
    const started = performance.now();
    const first = this.#encodedFor?.input !== input || this.#encodedFor.conversation !== conversation;
    if (first) {
      // The measure to the DOM starts with the first variant (the others are encoded after the frame).
      this.#workStart ??= started;
      this.#encodeRuns++;
      this.#encodedFor = { input, conversation };
    }
    const [{ result }] = engine.encodeVariants((v) => buildConversation(conversation, v, input), conversationOptions(conversation), [variant]);
    this.#encoded.set(key, { input, conversation, result });
    // The first variant of a new input is what an edit waits for before the panel paints; the others follow.
    performance.measure?.(first ? 'pi:providers-encode' : 'pi:providers-encode-more', { start: started, duration: performance.now() - started });
    return result;
  }

  /** Lint of every tool (broken ones get one `invalid-schema` finding) for every variant. */
  readonly findings: LintFinding[] = $derived.by(() => {
    const engine = this.#engine;
    if (!engine) return [];
    const started = performance.now();
    this.#workStart ??= started;
    const findings = engine.lintTools(this.#drawnTools.map((t) => t.tool), this.variants);
    this.#lintRuns++;
    performance.measure?.('pi:providers-lint', { start: started, duration: performance.now() - started });
    return findings;
  });

  /** How often encoding (of any variants, for one input) and lint actually ran (not re-run while nothing they read changed). */
  get workCounts(): { encode: number; lint: number } { return { encode: this.#encodeRuns, lint: this.#lintRuns }; }
  /** When the encode or lint not yet drawn began (performance.now()); taking it starts the next measurement. */
  takeWorkStart(): number | null {
    const started = this.#workStart;
    this.#workStart = null;
    return started;
  }

  findingsFor(key: string): LintFinding[] { return this.findings.filter((f) => f.variants.includes(key)); }

  /** The JSON shown for a result: the HTTP body (or the onPayload object), whole or just its tool list. */
  shownValue(result: EncodeResult, scope: RequestScope = this.scope, form: BodyForm = this.bodyForm): { value: unknown; base: string } | undefined {
    if (!result.ok) return undefined;
    const body = form === 'wire' && result.wireBody !== undefined ? result.wireBody : result.body;
    if (scope === 'request') return { value: body, base: '' };
    const at = toolsPointer(body);
    return at === undefined ? undefined : { value: at.split('/').slice(1).reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], body), base: at };
  }

  // ------------------------------------------------------------------ token figures of the tool definitions

  /**
   * Brings OpenAI's encodings (their own chunks, megabytes each) the first time the figures are shown; a failed
   * load is named by `tokenError` and may be tried again.
   */
  loadEncoding(name: EncodingName): Promise<void> {
    let promise = this.#encodingLoads.get(name);
    if (!promise) {
      promise = import('../../ai/tokens/encodings/index.ts').then((m) => m.loadEncoding(name)).then(
        (count) => { this.#encodings = { ...this.#encodings, [name]: memoized(count) }; this.#tokenError = null; },
        (error: unknown) => { this.#encodingLoads.delete(name); this.#tokenError = error instanceof Error ? error.message : String(error); },
      );
      this.#encodingLoads.set(name, promise);
    }
    return promise;
  }

  get tokenError(): string | null { return this.#tokenError; }
  /** The encodings loaded so far (a new object when one arrives); what `tokenFigures` counts with. */
  get encodings(): Encodings { return this.#encodings; }

  /** Tokens per tool definition and in total for a variant's body as the API receives it (live with every edit). */
  tokenFigures(key: string): TokenFiguresResult {
    const variant = this.variants.find((v) => v.key === key);
    return variant ? tokenFiguresFor(this.resultFor(key), variant.model.id, this.#encodings) : { status: 'none' };
  }

  // ------------------------------------------------------------------ following a finding

  /** Whether the finding's tool is in this variant's body (a tool left out for a broken schema is not). */
  canShowInRequest(finding: LintFinding, key = this.variantKey): boolean {
    const result = this.resultFor(key);
    return !!result?.ok && findingPointer(this.#bodyShown(result), finding.toolName, finding.path) !== undefined;
  }

  /** Highlights the finding's node in the selected variant's body (leaving the diff view). */
  showInRequest(finding: LintFinding, key = this.variantKey): boolean {
    const result = this.resultFor(key);
    if (!result?.ok) return false;
    const pointer = findingPointer(this.#bodyShown(result), finding.toolName, finding.path);
    if (pointer === undefined) return false;
    this.selectVariant(key);
    this.setDiffOpen(false);
    // The tools-only view cannot show a node outside the tool list; switch to the whole request then.
    const tools = toolsPointer(this.#bodyShown(result));
    if (this.scope === 'tools' && (tools === undefined || !pointer.startsWith(tools))) this.setScope('request');
    this.#highlight = { variantKey: key, pointer, seq: (this.#highlight?.seq ?? 0) + 1 };
    return true;
  }

  clearHighlight(): void { this.#highlight = null; }

  /** Selects the finding's tool in the editor and asks it to reveal the line where the offending node is written. */
  goToSource(finding: LintFinding): boolean {
    const index = finding.rule === 'duplicate-tool-name' ? Number(finding.params.index ?? -1) : -1;
    const entry = this.tools[index] && this.tools[index].tool.name === finding.toolName ? this.tools[index] : this.tools.find((t) => t.tool.name === finding.toolName);
    const file = entry && this.workspace.tools.find((f) => f.id === entry.fileId);
    if (!entry || !file || !this.#engine) return false;
    const point = this.#engine.findingSourcePoint(file.kind, file.source, entry.evaluated, finding);
    this.workspace.select(file.id);
    this.views.reveal(file.id, point.line, point.column);
    return true;
  }

  #bodyShown(result: EncodeResult & { ok: true }): unknown {
    return this.bodyForm === 'wire' && result.wireBody !== undefined ? result.wireBody : result.body;
  }
}
