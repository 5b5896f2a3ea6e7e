// Safe start after a crash: when the last load left its evaluation marker behind (the tab went down while tool
// code was evaluated: out of memory, most likely), no tool code runs until the user opens the files one by one.
// Nothing is lost: the workspace loads and saves as always; only evaluation waits.
import type { EvaluationMarker, EvaluationMarkerStore, MarkedFile } from '../../storage/evaluation-marker.ts';
import type { SourceFile } from '../run/tool-runtime.ts';

export class SafeStartState {
  /** The marker the last load left behind; null when it ended normally. */
  #crashed = $state.raw<EvaluationMarker | null>(null);
  #opened = $state.raw<ReadonlySet<string>>(new Set());
  /** Sources evaluated to the end in this page, per file: unchanged, they are not evaluated again. */
  readonly #proven = new Map<string, string>();
  #files: () => SourceFile[] = () => [];
  /** The browser refused the marker, so a crash would go unnoticed; shown until dismissed. */
  #markerRefused = $state(false);
  #markerNoticeDismissed = false;

  constructor(private readonly store: EvaluationMarkerStore | undefined) {
    this.#crashed = store?.load() ?? null;
  }

  /** Whether evaluation waits for the user (a crash was noticed and some files are not opened yet). */
  get active(): boolean {
    return this.#crashed !== null && this.#files().some((f) => !this.#opened.has(f.id));
  }

  /** The marker could not be written (storage refused it): the next load cannot tell that this one crashed. */
  get markerRefused(): boolean { return this.#markerRefused; }
  dismissMarkerRefused(): void { this.#markerRefused = false; this.#markerNoticeDismissed = true; }

  /** When the evaluation that did not end started, and the files it was evaluating. */
  get crashed(): EvaluationMarker | null { return this.#crashed; }

  /** The workspace's files as the banner lists them: which were in the crashed evaluation, which are open. */
  get files(): { id: string; name: string; suspect: boolean; opened: boolean }[] {
    const suspects = new Set(this.#crashed?.files.map((f) => f.id));
    return this.#files().map((f) => ({ id: f.id, name: nameOf(f), suspect: suspects.has(f.id), opened: this.#opened.has(f.id) }));
  }

  /** Where the files come from (the evaluation's source list). */
  follow(files: () => SourceFile[]): void {
    this.#files = files;
  }

  open(fileId: string): void {
    this.#opened = new Set([...this.#opened, fileId]);
  }

  openAll(): void {
    this.#opened = new Set(this.#files().map((f) => f.id));
  }

  /** The files that may be evaluated now: all of them, or in safe start those opened. */
  allowed(files: SourceFile[]): SourceFile[] {
    return this.#crashed === null ? files : files.filter((f) => this.#opened.has(f.id));
  }

  /** Before evaluating `files`: the marker names them, and (in safe start) every file not yet opened. */
  beforeEvaluation(files: SourceFile[]): void {
    const marked = new Map<string, MarkedFile>();
    for (const f of files) if (this.#proven.get(f.id) !== f.source) marked.set(f.id, { id: f.id, name: nameOf(f) });
    if (this.#crashed) for (const f of this.#files()) if (!this.#opened.has(f.id)) marked.set(f.id, { id: f.id, name: nameOf(f) });
    if (marked.size > 0) this.#save({ since: Date.now(), files: [...marked.values()] });
  }

  /** The evaluation ended (well or not, the tab survived it): only unopened files stay under suspicion. */
  afterEvaluation(files: SourceFile[]): void {
    for (const f of files) this.#proven.set(f.id, f.source);
    const unopened = this.#crashed ? this.#files().filter((f) => !this.#opened.has(f.id)) : [];
    if (unopened.length === 0) {
      this.store?.clear();
      if (this.#crashed && this.#files().every((f) => this.#opened.has(f.id))) this.#crashed = null;
    } else {
      this.#save({ since: Date.now(), files: unopened.map((f) => ({ id: f.id, name: nameOf(f) })) });
    }
  }

  /** The page goes away normally (reload, close): an evaluation under way is no crash. */
  pageHidden(): void {
    if (!this.#crashed) this.store?.clear();
  }

  #save(marker: EvaluationMarker): void {
    if (!this.store) return;
    const saved = this.store.save(marker);
    if (!saved && !this.#markerNoticeDismissed) this.#markerRefused = true;
  }
}

function nameOf(file: SourceFile): string {
  return file.name ?? file.id;
}
