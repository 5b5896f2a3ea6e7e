// Which view tab is open beside the editor, and each view's small choices (e.g. JSON vs TypeScript in the
// schema view). Per tab, restored on reload through the persistence layer.
import type { ViewState } from '../../storage/workspace.ts';

export interface RevealRequest {
  fileId: string;
  line: number;
  column: number;
}

export class ViewsState {
  #active = $state('schema');
  #options = $state<Record<string, string>>({});
  #onChange: (() => void) | undefined;
  #reveal = $state.raw<RevealRequest | null>(null);

  get active(): string { return this.#active; }

  /** Called after each change (the persistence layer saves the view state then). */
  set onChange(listener: (() => void) | undefined) { this.#onChange = listener; }

  load(state: Pick<ViewState, 'view' | 'options'>): void {
    this.#active = state.view;
    this.#options = { ...state.options };
  }

  setActive(id: string): void {
    if (id === this.#active) return;
    this.#active = id;
    this.#onChange?.();
  }

  option(view: string, fallback: string): string {
    return this.#options[view] ?? fallback;
  }

  setOption(view: string, value: string): void {
    if (this.#options[view] === value) return;
    this.#options[view] = value;
    this.#onChange?.();
  }

  /** A line another view asked the editor to show (e.g. a lint finding's source); not saved. */
  get revealRequest(): RevealRequest | null { return this.#reveal; }

  /** Asks the editor to open `fileId` at this 1-based line and column; a new request each call. */
  reveal(fileId: string, line: number, column = 1): void {
    this.#reveal = { fileId, line, column };
  }

  /** Called by the editor once it has shown the request. */
  takeReveal(request: RevealRequest): void {
    if (this.#reveal === request) this.#reveal = null;
  }

  snapshot(): Pick<ViewState, 'view' | 'options'> {
    return { view: this.#active, options: { ...this.#options } };
  }
}
