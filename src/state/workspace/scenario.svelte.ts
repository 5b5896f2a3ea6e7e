// The workspace's scenarios: several per workspace, saved with it, each a JSON text checked by parseScenario. A
// text that does not parse is kept with its errors, and runs use the last text that did. The parser (and TypeBox
// with it) is a chunk of its own, loaded on first use (the scenario panel, a run) or once the app is idle.
import { BLANK_SCENARIO, EXAMPLE_SCENARIOS, exampleScenarioText } from '../../content/examples/scenarios/index.ts';
import type { ScenarioFile } from '../../recording/scenario/index.ts';
import type { ParseScenarioResult, ScenarioError } from '../../recording/scenario/parse/index.ts';
import type { Scenario } from '../../recording/scenario/index.ts';
import { SCENARIOS_KEY } from '../../storage/keys.ts';
import { parseScenarioDocument, type ScenarioDocument, type StoredScenario } from '../../storage/scenarios.ts';
import { createFileId } from '../../storage/workspace.ts';
import type { ViewsState } from '../shell/views.svelte.ts';
import type { WorkspaceState } from './workspace.svelte.ts';

export type { StoredScenario } from '../../storage/scenarios.ts';
export type ScenarioParser = (text: string) => ParseScenarioResult;

/** What a run uses: the selected scenario's last good version, with the workspace's settings filled in. */
export interface RunnableScenario {
  id: string;
  scenario: Scenario;
  /** The text it was parsed from (a recording made from another text is out of date). */
  text: string;
  /** True when the current text has errors and this is the last version that parsed. */
  fromLastGood: boolean;
}

const SELECTED_OPTION = 'scenario.selected';

/** The scenarios a workspace starts with: every built-in example, named by the UI in its language. */
export function createDefaultScenarioDocument(): ScenarioDocument {
  return {
    version: 1,
    items: EXAMPLE_SCENARIOS.map((example) => ({ id: `example-${example.id}`, name: '', exampleId: example.id, text: exampleScenarioText(example) })),
  };
}

const DEFAULT_DOCUMENT = createDefaultScenarioDocument();

export class ScenarioState {
  #parse = $state.raw<ScenarioParser | null>(null);
  #loading: Promise<void> | undefined;
  #cache = new Map<string, ParseScenarioResult>();

  /** The stored list, or the examples while the workspace has none of its own. */
  readonly document = $derived.by(() => parseScenarioDocument(this.workspace.extension(SCENARIOS_KEY)) ?? DEFAULT_DOCUMENT);
  readonly items = $derived(this.document.items);
  readonly selected = $derived.by(() => {
    const id = this.views.option(SELECTED_OPTION, '');
    return this.items.find((item) => item.id === id) ?? this.items[0] ?? null;
  });
  /** Parse result of the selected text; null until the parser has loaded. */
  readonly result = $derived(this.selected ? this.resultFor(this.selected.id) : null);
  readonly errors = $derived<ScenarioError[]>(this.result && !this.result.ok ? this.result.errors : []);

  constructor(
    private readonly workspace: WorkspaceState,
    private readonly views: ViewsState,
    private readonly loadParser: () => Promise<ScenarioParser> = async () => (await import('../../recording/scenario/parse/index.ts')).parseScenario,
  ) {}

  /** False until the parser has loaded (texts are shown, but nothing can be checked or run yet). */
  get ready(): boolean { return this.#parse !== null; }

  /**
   * Loads the parser (once; a load that failed is tried again on the next call). Never rejects; without a parser
   * the editor still works and runs report why they cannot start.
   */
  start(): Promise<void> {
    this.#loading ??= this.loadParser().then(
      (parse) => { this.#parse = parse; },
      () => { this.#parse = null; this.#loading = undefined; },
    );
    return this.#loading;
  }

  resultFor(id: string): ParseScenarioResult | null {
    const parse = this.#parse;
    const item = this.items.find((i) => i.id === id);
    if (!parse || !item) return null;
    return this.#parsed(parse, item.text);
  }

  /** The good file (parsed JSON) of a scenario, for the form; null while its text has errors. */
  fileFor(id: string): ScenarioFile | null {
    const result = this.resultFor(id);
    const item = this.items.find((i) => i.id === id);
    return result?.ok && item ? (JSON.parse(item.text) as ScenarioFile) : null;
  }

  /**
   * The selected scenario (or the one with `id`) as a run should use it; null when it never parsed, there is no such
   * scenario, or the parser is not loaded.
   */
  runnable(id?: string): RunnableScenario | null {
    const parse = this.#parse;
    const item = id === undefined ? this.selected : this.items.find((i) => i.id === id);
    if (!parse || !item) return null;
    for (const [text, fromLastGood] of [[item.text, false], [item.lastGoodText, true]] as const) {
      if (text === undefined) continue;
      const result = this.#parsed(parse, text);
      if (result.ok) return { id: item.id, scenario: this.#withSettings(result.scenario, text), text, fromLastGood };
    }
    return null;
  }

  select(id: string): void {
    if (this.items.some((item) => item.id === id)) this.views.setOption(SELECTED_OPTION, id);
  }

  /** New text for a scenario (typing). Keeps the last good text when the new one does not parse. */
  setText(id: string, text: string): void {
    this.#update((items) => items.map((item) => {
      if (item.id !== id || item.text === text) return item;
      const next: StoredScenario = { ...item, text };
      delete next.lastGoodText;
      const parse = this.#parse;
      if (parse && !this.#parsed(parse, text).ok) {
        const previousGood = this.#parsed(parse, item.text).ok ? item.text : item.lastGoodText;
        if (previousGood !== undefined) next.lastGoodText = previousGood;
      }
      return next;
    }));
  }

  /** Applies a form edit to the scenario's good file and writes it back as formatted JSON. Ignored while it has errors. */
  editFile(id: string, edit: (file: ScenarioFile) => ScenarioFile | void): void {
    const file = this.fileFor(id);
    if (!file) return;
    const next = edit(file) ?? file;
    this.setText(id, `${JSON.stringify(next, null, 2)}\n`);
  }

  rename(id: string, name: string): void {
    const trimmed = name.trim();
    if (trimmed === '') return;
    this.#update((items) => items.map((item) => (item.id === id ? { ...item, name: trimmed } : item)));
  }

  /** Adds a copy of a built-in example (or the blank scenario for `blank`) after the selection and selects it. */
  add(exampleId: string, name: string): string {
    const example = EXAMPLE_SCENARIOS.find((e) => e.id === exampleId) ?? BLANK_SCENARIO;
    const item: StoredScenario = { id: createFileId(), name, text: exampleScenarioText(example) };
    if (example !== BLANK_SCENARIO) item.exampleId = example.id;
    return this.#insert(item);
  }

  duplicate(id: string, name: string): string | null {
    const original = this.items.find((item) => item.id === id);
    if (!original) return null;
    return this.#insert({ ...original, id: createFileId(), name });
  }

  remove(id: string): void {
    const index = this.items.findIndex((item) => item.id === id);
    if (index < 0) return;
    const wasSelected = this.selected?.id === id;
    this.#update((items) => items.filter((item) => item.id !== id));
    const next = this.items[Math.min(index, this.items.length - 1)];
    if (wasSelected && next) this.views.setOption(SELECTED_OPTION, next.id);
  }

  #insert(item: StoredScenario): string {
    const at = this.selected ? this.items.indexOf(this.selected) + 1 : this.items.length;
    this.#update((items) => [...items.slice(0, at), item, ...items.slice(at)]);
    this.views.setOption(SELECTED_OPTION, item.id);
    return item.id;
  }

  #update(change: (items: StoredScenario[]) => StoredScenario[]): void {
    const items = change(this.items.slice());
    this.workspace.updateExtension(SCENARIOS_KEY, { version: 1, items } satisfies ScenarioDocument);
  }

  #parsed(parse: ScenarioParser, text: string): ParseScenarioResult {
    let result = this.#cache.get(text);
    if (!result) {
      if (this.#cache.size > 64) this.#cache.clear();
      result = parse(text);
      this.#cache.set(text, result);
    }
    return result;
  }

  /** A file that leaves out the system prompt or the execution mode takes the workspace's loop settings. */
  #withSettings(scenario: Scenario, text: string): Scenario {
    let raw: Record<string, unknown> = {};
    try { raw = JSON.parse(text) as Record<string, unknown>; } catch { /* parsed before, so it is JSON */ }
    const { settings } = this.workspace;
    return {
      ...scenario,
      systemPrompt: 'systemPrompt' in raw ? scenario.systemPrompt : settings.systemPrompt,
      toolExecution: 'toolExecution' in raw ? scenario.toolExecution : settings.toolExecution,
    };
  }
}
