// Autosave: every workspace change is saved (debounced; on pagehide written at once, without a read); storage
// failures, changes made in another tab and a damaged stored record become a visible status with choices, never a
// silent loss. Works on any WorkspaceRepository.
import { createStarterWorkspace } from '../../content/examples/index.ts';
import type { StorageFailure } from '../../storage/storage-error.ts';
import type { DamagedRecord, SaveOutcome, WorkspaceRecord, WorkspaceRepository } from '../../storage/workspace-repository.ts';
import type { ViewState } from '../../storage/workspace.ts';
import { msg, type UiMessage } from '../shell/ui-message.ts';
import type { WorkspaceState } from './workspace.svelte.ts';

export type SaveStatus = 'loading' | 'saved' | 'pending' | 'saving' | 'failed' | 'conflict' | 'damaged';

export interface PersistenceOptions {
  /** Quiet time after the last change before saving. Default 400 ms. */
  saveDelayMs?: number;
  /** Reads the per-tab view state to save beside the workspace (selection is added here). */
  viewState?: () => Omit<ViewState, 'selectedId'>;
}

export class PersistenceState {
  #status = $state<SaveStatus>('loading');
  #failure = $state<StorageFailure | null>(null);
  #conflict = $state.raw<WorkspaceRecord | null>(null);
  #notice = $state.raw<UiMessage | null>(null);
  #damaged = $state.raw<DamagedRecord | null>(null);
  #revision = 0;
  /** Counts changes; a save is clean only if no change arrived while it was in flight. */
  #changes = 0;
  #savedChanges = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #viewTimer: ReturnType<typeof setTimeout> | undefined;
  #saving: Promise<void> | null = null;
  #disposers: (() => void)[] = [];
  readonly #delay: number;

  constructor(
    private readonly repository: WorkspaceRepository,
    private readonly workspace: WorkspaceState,
    private readonly options: PersistenceOptions = {},
  ) {
    this.#delay = options.saveDelayMs ?? 400;
  }

  get status(): SaveStatus { return this.#status; }
  get failure(): StorageFailure | null { return this.#failure; }
  /** What another tab saved, while this tab holds unsaved edits. */
  get conflict(): WorkspaceRecord | null { return this.#conflict; }
  /** A passing remark ("Updated from another tab"); cleared by the next change. */
  get notice(): UiMessage | null { return this.#notice; }
  get dirty(): boolean { return this.#changes !== this.#savedChanges; }
  /** False when storage is in memory only (IndexedDB unusable from the start). */
  get durable(): boolean { return this.repository.durable; }
  get revision(): number { return this.#revision; }
  /**
   * The stored record failed its check: the editor shows what repair keeps, and nothing is saved over the record
   * until the user repairs it or resets to the examples (the record is also kept aside as a damaged copy).
   */
  get damaged(): DamagedRecord | null { return this.#damaged; }

  /** Loads the stored workspace (or the examples) into the workspace state and starts autosaving. */
  async start(): Promise<void> {
    const [loaded, view] = await Promise.all([this.repository.load(), this.repository.loadViewState()]);
    if (loaded.ok && loaded.damaged) {
      this.#damaged = loaded.damaged;
      this.#revision = loaded.damaged.repaired?.revision ?? 0;
      this.workspace.load(loaded.damaged.repaired?.workspace ?? { ...createStarterWorkspace() }, view.selectedId);
      this.#status = 'damaged';
    } else if (loaded.ok && loaded.record) {
      this.#revision = loaded.record.revision;
      this.workspace.load(loaded.record.workspace, view.selectedId);
      this.#status = 'saved';
    } else {
      this.workspace.load({ ...createStarterWorkspace() }, view.selectedId);
      if (loaded.ok) this.#status = 'saved';
      else this.#fail(loaded.failure);
    }
    this.#disposers.push(
      this.workspace.onChange((kind) => {
        if (kind === 'selection') return this.scheduleViewSave();
        this.#changes++;
        this.#notice = null;
        this.#schedule();
      }),
      this.repository.onRemoteSave(() => void this.#onRemoteSave()),
    );
    // Nothing stored yet: save the examples so a second tab opens on the same revision.
    if (loaded.ok && !loaded.record && !loaded.damaged) { this.#changes++; await this.flush(); }
  }

  /** Saves now if anything is pending (tests, unmount). Resolves when the save has finished. */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    if (this.#viewTimer) { clearTimeout(this.#viewTimer); this.#viewTimer = undefined; await this.#saveView(); }
    while (this.#saving) await this.#saving;
    if (!this.dirty || this.#conflict || this.#damaged) return;
    await this.#track(this.#save(false));
  }

  /**
   * The page is going away (pagehide, hidden): writes the whole document now, enqueued before this returns and
   * without reading first, so it lands on reload and navigation. A read-modify-write would not get its write in.
   */
  flushNow(): void {
    clearTimeout(this.#timer);
    if (this.#viewTimer) { clearTimeout(this.#viewTimer); this.#viewTimer = undefined; void this.#saveView(); }
    if (!this.dirty || this.#conflict || this.#damaged) return;
    const changes = this.#changes;
    const writing = this.repository.saveNow(this.workspace.snapshot(), this.#revision);
    void this.#track(writing.then((outcome) => this.#settle(outcome, changes)));
  }

  /** Damaged record: saves what the editor shows (the valid parts, and any edits since) over it. */
  async repair(): Promise<void> {
    if (!this.#damaged) return;
    this.#damaged = null;
    this.#changes++;
    while (this.#saving) await this.#saving;
    await this.#track(this.#save(true));
  }

  /** Damaged record: puts the examples in the editor (undoable) and saves them over it. */
  async resetDamaged(): Promise<void> {
    if (!this.#damaged) return;
    this.workspace.replaceAll({ ...createStarterWorkspace() }, msg('status.action.reset'));
    await this.repair();
  }

  /** Retries a failed save right away. */
  retry(): Promise<void> {
    return this.flush();
  }

  /** Resolves a conflict by writing this tab's version over the other tab's. */
  async keepMine(): Promise<void> {
    if (!this.#conflict) return;
    this.#conflict = null;
    while (this.#saving) await this.#saving;
    await this.#track(this.#save(true));
  }

  /** Resolves a conflict by taking the other tab's version; one undo brings this tab's version back. */
  useTheirs(): void {
    const theirs = this.#conflict;
    if (!theirs) return;
    this.#conflict = null;
    this.#revision = theirs.revision;
    this.workspace.replaceAll(theirs.workspace, msg('status.action.useTheirs'));
    // The replace counted as a change; what is in memory now equals what is stored.
    this.#savedChanges = this.#changes;
    clearTimeout(this.#timer);
    this.#status = 'saved';
  }

  scheduleViewSave(): void {
    clearTimeout(this.#viewTimer);
    this.#viewTimer = setTimeout(() => { this.#viewTimer = undefined; void this.#saveView(); }, 250);
  }

  dispose(): void {
    clearTimeout(this.#timer);
    clearTimeout(this.#viewTimer);
    for (const dispose of this.#disposers.splice(0)) dispose();
  }

  /** Keeps the newest save in `#saving` until it and the ones before it are done. */
  #track(saving: Promise<void>): Promise<void> {
    const all: Promise<void> = Promise.all([this.#saving, saving]).then(() => undefined).finally(() => {
      if (this.#saving === all) this.#saving = null;
    });
    this.#saving = all;
    return all;
  }

  #schedule(): void {
    if (this.#conflict || this.#damaged) return;
    if (this.#status !== 'failed') this.#status = 'pending';
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.flush(), this.#delay);
  }

  async #save(force: boolean): Promise<void> {
    const changes = this.#changes;
    if (this.#status !== 'failed') this.#status = 'saving';
    const outcome = await this.repository.save(this.workspace.snapshot(), this.#revision, { force });
    this.#settle(outcome, changes);
  }

  #settle(outcome: SaveOutcome, changes: number): void {
    if (outcome.ok) {
      this.#revision = Math.max(this.#revision, outcome.revision);
      if (changes > this.#savedChanges) this.#savedChanges = changes;
      this.#failure = null;
      this.#status = this.dirty ? 'pending' : 'saved';
      if (this.dirty) this.#schedule();
    } else if ('conflict' in outcome) {
      this.#conflict = outcome.conflict;
      this.#status = 'conflict';
    } else if ('damaged' in outcome) {
      // Another tab (or tool) left a damaged record: it is not overwritten until the user chooses.
      this.#damaged = outcome.damaged;
      this.#status = 'damaged';
    } else {
      this.#fail(outcome.failure);
    }
  }

  async #saveView(): Promise<void> {
    const view = this.options.viewState?.() ?? { view: 'schema', options: {} };
    const saved = await this.repository.saveViewState({ ...view, selectedId: this.workspace.selectedId });
    // The workspace itself may be saved fine: a remark, not the storage failure with its retry.
    if (!saved.ok) this.#notice = msg('status.notice.viewNotSaved', { detail: saved.failure.detail });
  }

  async #onRemoteSave(): Promise<void> {
    const loaded = await this.repository.load();
    if (!loaded.ok || !loaded.record || loaded.record.revision === this.#revision) return;
    if (this.#damaged) {
      // Another tab repaired the record: its version is what is stored now.
      if (this.dirty) return;
      this.#damaged = null;
    }
    if (this.dirty || this.#saving) {
      this.#conflict = loaded.record;
      this.#status = 'conflict';
      clearTimeout(this.#timer);
      return;
    }
    this.#revision = loaded.record.revision;
    this.workspace.load(loaded.record.workspace);
    this.#savedChanges = this.#changes;
    clearTimeout(this.#timer);
    this.#status = 'saved';
    this.#notice = msg('status.notice.remoteUpdate');
  }

  #fail(failure: StorageFailure): void {
    this.#failure = failure;
    this.#status = 'failed';
  }
}
