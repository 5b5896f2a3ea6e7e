// The files panel's state: the virtual filesystem as a live tree (LiveFileTree: it follows every change, whoever
// makes it, with the selection and expanded folders), the open file, and the panel's actions — create, rename,
// delete, upload, seed, reset — each refused with a clear notice on bad input, and the destructive ones undoable.
import type * as CoreTools from '../../coding-tools/index.ts';
import type { FileSystem } from '../../vfs/index.ts';
import type { ImageCodec } from '../../coding-tools/images/index.ts';
import { dirnamePosix, joinPosix } from '../../vfs/index.ts';
import type { FsSnapshot } from '../../vfs/index.ts';
import { isFsConflict, type FsConflict } from '../../storage/fs/fs-conflicts.ts';
import type { FsStorageProblem } from '../../storage/workspace-fs.ts';
import { createFileAt, createFolderAt, removeEntry, renameEntry, resetToStarter, seedExamples } from './actions.ts';
import { FileDocumentState } from './document.svelte.ts';
import { LiveFileTree } from './live-tree.svelte.ts';
import { noticeForError, noticeForPath, type ActionResult, type FilesNotice } from './notices.ts';
import { checkRename, resolvePanelPath } from './paths.ts';
import { adoptStored } from './shared.ts';
import type { FilesService } from './service.ts';
import type { FileTreeModel, TreeEntry } from './tree.ts';
import { uploadEntries, type UploadItem } from './upload.ts';
import { zipFileTree, type ZipOutcome } from './zip.ts';

export type FilesStatus = 'loading' | 'ready' | 'failed';
export type { UploadItem } from './upload.ts';

/**
 * The loaded toolkit: pi's coding tools and the snapshot helpers (a chunk of their own, fetched on first use or
 * when the app is idle), the storage helpers and the image codec (with the filesystem).
 */
export interface FilesKit {
  tools: typeof CoreTools;
  seedStarterFiles: (fs: FileSystem) => Promise<string[]>;
  /** The canvas codec read resizes images with (undefined where the browser has no OffscreenCanvas). */
  images?: ImageCodec;
}

/**
 * Another tab changed what a panel action was about to change: nothing was written. `keepMine` takes their
 * version in and runs the action again over it; `takeTheirs` only takes their version in.
 */
export interface ActionConflict {
  path: string;
  paths: string[];
  keepMine(): Promise<ActionResult>;
  takeTheirs(): Promise<void>;
}

/** Files a run overwrote although another tab had changed them meanwhile (runs do not stop to ask). */
export interface RunConflict {
  path: string;
  theirs: Uint8Array | null;
}

interface UndoEntry {
  key: string;
  params?: Record<string, string | number>;
  snapshot: FsSnapshot;
}

export class FilesState {
  #status = $state<FilesStatus>('loading');
  #durable = $state(true);
  #notice = $state.raw<FilesNotice | null>(null);
  #undo = $state.raw<UndoEntry | null>(null);
  #corrupt = $state.raw<ReadonlySet<string>>(new Set());
  #problem = $state.raw<FsStorageProblem | null>(null);
  #conflict = $state.raw<ActionConflict | null>(null);
  #runConflicts = $state.raw<RunConflict[]>([]);
  #fs: FileSystem | undefined;
  #kit: Omit<FilesKit, 'tools'> | undefined;
  #tools: Promise<typeof CoreTools> | undefined;
  #maxFileBytes = 0;
  #ready: Promise<void> | undefined;
  #unsubscribe: (() => void) | undefined;
  /** Panel actions in flight: changes they cause keep the undo offer; any other change withdraws it. */
  #ownActions = 0;
  #disposed = false;

  readonly document: FileDocumentState;
  /** The tree as listed now, with the folders the user opened and the selected entry (toggle, select there). */
  readonly tree = new LiveFileTree(() => this.#fs);

  constructor(private readonly service: FilesService) {
    this.document = new FileDocumentState(() => this.#fs, (error, path) => noticeForError(error, { path, maxFileBytes: this.#maxFileBytes }));
  }

  get status(): FilesStatus { return this.#status; }
  /** False when files live in memory only (IndexedDB unavailable): they are gone after a reload. */
  get durable(): boolean { return this.#durable; }
  get notice(): FilesNotice | null { return this.#notice; }
  get canUndo(): boolean { return this.#undo !== null; }
  /** Records that did not decode when loaded (kept, unreadable, until replaced or deleted). */
  get corrupt(): ReadonlySet<string> { return this.#corrupt; }
  get maxFileBytes(): number { return this.#maxFileBytes; }
  /** Why files are not being saved (IndexedDB did not open in time, refused, or refused the starter files). */
  get storageProblem(): FsStorageProblem | null { return this.#problem; }
  /** A panel action refused because another tab changed the same file; the user chooses. */
  get conflict(): ActionConflict | null { return this.#conflict; }
  /** Files a run overwrote over another tab's change, reported after the fact. */
  get runConflicts(): readonly RunConflict[] { return this.#runConflicts; }
  get cwd(): string { return this.#fs?.cwd ?? '/workspace'; }

  /** Opens the filesystem (once); resolves when the tree is first listed. The coding tools come with loaded(). */
  start(): Promise<void> {
    return (this.#ready ??= this.#open());
  }

  async #open(): Promise<void> {
    let loaded;
    try {
      loaded = await Promise.all([
        this.service.open(), import('../../storage/workspace-fs.ts'), import('./canvas-image-codec.ts'),
      ]);
    } catch (error) {
      // The chunk could not be fetched (offline after an update, say): the panel says so; nothing else breaks.
      this.#notice = { tone: 'error', key: 'files.error.loadFailed', detail: error instanceof Error ? error.message : String(error) };
      this.#status = 'failed';
      return;
    }
    const [opened, storage, canvas] = loaded;
    if (this.#disposed) return;
    this.#fs = opened.fileSystem;
    this.#kit = { seedStarterFiles: storage.seedStarterFiles, images: canvas.createCanvasImageCodec() };
    this.#durable = opened.durable;
    this.#maxFileBytes = opened.maxFileBytes;
    this.#corrupt = new Set(opened.corrupt);
    this.#problem = opened.problem ?? null;
    const unsubscribeChanges = opened.fileSystem.onChange((event) => this.#onChange(event.paths));
    const shared = opened.fileSystem as { onConflict?: (listener: (conflicts: FsConflict[]) => void) => () => void };
    const unsubscribeConflicts = shared.onConflict?.((conflicts) => this.#onRunConflict(conflicts));
    const stored = opened.fileSystem as { database?: string; onStorageResult?: (listener: (failure: Error | null) => void) => () => void };
    // Whoever wrote (panel, run, sandbox), a write the store refused stays visible until one lands again.
    const unsubscribeStorage = stored.onStorageResult?.((failure) => {
      if (failure) this.#problem = { kind: 'writeFailed', database: stored.database ?? '', detail: failure.message };
      else if (this.#problem?.kind === 'writeFailed') this.#problem = null;
    });
    this.#unsubscribe = () => { unsubscribeChanges(); unsubscribeConflicts?.(); unsubscribeStorage?.(); };
    await this.tree.refresh();
    this.#status = 'ready';
  }

  /** Fetches pi's coding tools and the snapshot helpers (once; a failed fetch is tried again on the next call). */
  loadToolkit(): Promise<typeof CoreTools> {
    this.#tools ??= import('../../coding-tools/index.ts').catch((error: unknown) => {
      this.#tools = undefined;
      throw error;
    });
    return this.#tools;
  }

  /** The open filesystem and toolkit; waits for them. */
  async loaded(): Promise<{ fs: FileSystem; kit: FilesKit }> {
    await this.start();
    if (!this.#fs || !this.#kit) throw new Error('The virtual filesystem is not available');
    const tools = await this.loadToolkit();
    return { fs: this.#fs, kit: { ...this.#kit, tools } };
  }

  #onChange(paths: string[]): void {
    if (this.#ownActions === 0) this.#undo = null;
    if (paths.some((p) => this.#corrupt.has(p))) this.#corrupt = new Set([...this.#corrupt].filter((p) => !paths.includes(p)));
    this.document.onDiskChange(paths);
    void this.tree.refresh();
  }

  #onRunConflict(conflicts: FsConflict[]): void {
    const paths = new Set(conflicts.map((c) => c.path));
    this.#runConflicts = [...this.#runConflicts.filter((c) => !paths.has(c.path)), ...conflicts];
  }

  /** Puts back the other tab's version of a file a run overwrote (deleting it if they had deleted it). */
  async restoreTheirs(path: string): Promise<ActionResult> {
    const entry = this.#runConflicts.find((c) => c.path === path);
    if (!entry) return { ok: true };
    this.#runConflicts = this.#runConflicts.filter((c) => c !== entry);
    return this.#act(async (fs) => {
      if (entry.theirs) await fs.writeFile(path, entry.theirs);
      else if (await fs.exists(path)) await fs.remove(path);
      return { tone: 'success', key: 'files.conflict.restored', params: { path } };
    }, path);
  }

  /** Keeps the run's version: the report goes. */
  dismissRunConflict(path: string): void {
    this.#runConflicts = this.#runConflicts.filter((c) => c.path !== path);
  }

  /** Saves the open file's edit beside it as a copy (the conflict choice "save mine as a copy"), and selects the copy. */
  async saveDocumentCopy(): Promise<ActionResult> {
    const saved = await this.document.saveCopy();
    if (!saved.ok) return this.#refuse(saved.notice);
    await this.tree.refresh();
    this.select(saved.path);
    this.#notice = { tone: 'success', key: 'files.conflict.copied', params: { path: saved.path } };
    return { ok: true };
  }

  /** Waits until the tree reflects every change made so far (tests, and actions that select what they made). */
  async settled(): Promise<void> {
    await this.start();
    await this.tree.settled();
  }

  /** Selects an entry (a file opens in the viewer) and expands the folders above it. */
  select(path: string | null): void {
    this.tree.select(path);
    if (path && this.tree.model.entries.get(path)?.kind !== 'directory') void this.document.open(path);
  }

  /** The folder new entries go into: the selected folder, the selected file's folder, or the working directory. */
  targetFolder(): string {
    const entry = this.tree.selectedEntry;
    if (!entry) return this.cwd;
    return entry.kind === 'directory' ? entry.path : dirnamePosix(entry.path);
  }

  /** The bytes of one file, for a download; a notice and undefined when it cannot be read. */
  async fileBytes(path: string): Promise<Uint8Array | undefined> {
    const { fs } = await this.loaded();
    try {
      return await fs.readFile(path);
    } catch (error) {
      this.#notice = noticeForError(error, { path });
      return undefined;
    }
  }

  /** Everything as a zip (a folder's content when `root` is given). */
  async zip(root = '/'): Promise<ZipOutcome> {
    const { fs } = await this.loaded();
    await this.settled();
    const outcome = await zipFileTree(fs, this.tree.model, root);
    if (outcome.skipped.length > 0) this.#notice = { tone: 'error', key: 'files.error.zipSkipped', params: { count: outcome.skipped.length, path: outcome.skipped[0] } };
    return outcome;
  }

  dismissNotice(): void {
    this.#notice = null;
  }

  /** Shows a notice (the panel reports its own refusals, such as a dropped file that is too big, here too). */
  report(notice: FilesNotice): void {
    this.#notice = notice;
  }

  async createFile(folder: string, name: string, content: string | Uint8Array = ''): Promise<ActionResult> {
    const target = resolvePanelPath(folder, name);
    if (!target.ok) return this.#refuse(noticeForPath(target.problem, target.detail));
    return this.#act((fs) => createFileAt(fs, target.path, content), target.path, { select: target.path });
  }

  async createFolder(folder: string, name: string): Promise<ActionResult> {
    const target = resolvePanelPath(folder, name, { folder: true });
    if (!target.ok) return this.#refuse(noticeForPath(target.problem, target.detail));
    return this.#act((fs) => createFolderAt(fs, target.path), target.path, { select: target.path, expand: target.path });
  }

  async rename(path: string, newName: string): Promise<ActionResult> {
    const checked = checkRename(newName);
    if (!checked.ok) return this.#refuse(noticeForPath(checked.problem, checked.detail));
    const dest = joinPosix(dirnamePosix(path), checked.name);
    if (dest === path) return { ok: true };
    return this.#act((fs) => renameEntry(fs, path, dest, () => this.document.move(path, dest, () => fs.rename(path, dest))), path, { select: dest });
  }

  async remove(path: string): Promise<ActionResult> {
    return this.#act((fs) => removeEntry(fs, path), path, { undo: { key: 'files.done.deleted', params: { path } } });
  }

  /** Writes uploaded files into `folder` (relative paths create folders). Existing files are replaced, undoably. */
  async upload(folder: string, items: UploadItem[]): Promise<ActionResult> {
    const { fs } = await this.loaded();
    const replaces = await Promise.all(items.map(async (i) => {
      const target = resolvePanelPath(folder, i.relativePath);
      return target.ok && (await fs.exists(target.path));
    }));
    const undo = replaces.some(Boolean) ? { key: 'files.done.uploaded' } : undefined;
    return this.#act(
      (fsys) => uploadEntries(fsys, folder, items, this.#maxFileBytes),
      folder,
      { undo, expand: folder },
    );
  }

  /** Adds the starter files that are missing or changed, and nothing else. */
  async seedExamples(): Promise<ActionResult> {
    if (this.tree.examplesPresent) return this.#refuse({ tone: 'info', key: 'files.done.alreadySeeded' });
    const { kit } = await this.loaded();
    return this.#act((fs) => seedExamples(fs, kit.seedStarterFiles), this.cwd, { undo: { key: 'files.done.seeded' }, expand: this.cwd });
  }

  /** Replaces everything with the starter project (one atomic step), undoably. */
  async reset(): Promise<ActionResult> {
    const { kit } = await this.loaded();
    return this.#act((fs) => resetToStarter(fs, kit.tools), '/', { undo: { key: 'files.done.reset' }, expand: this.cwd });
  }

  /** Puts back what the last undoable action changed. */
  async undo(): Promise<ActionResult> {
    const entry = this.#undo;
    if (!entry) return { ok: true };
    const { kit } = await this.loaded();
    this.#undo = null;
    return this.#act(async (fs) => {
      await kit.tools.restore(fs, entry.snapshot);
      return { tone: 'info', key: 'files.done.undone' };
    }, '/');
  }

  /** Replaces the whole filesystem with `snapshot` (named snapshots, run restarts); undoable unless `quiet`. */
  async restoreSnapshot(snapshot: FsSnapshot, notice: FilesNotice, options: { undoable?: boolean } = {}): Promise<ActionResult> {
    const { kit } = await this.loaded();
    return this.#act(async (fs) => {
      await kit.tools.restore(fs, snapshot);
      return notice;
    }, '/', options.undoable ? { undo: { key: notice.key, params: notice.params } } : {});
  }

  #refuse(notice: FilesNotice): ActionResult {
    this.#notice = notice;
    return notice.tone === 'error' ? { ok: false, notice } : { ok: true };
  }

  /**
   * Runs one panel action. Failures (FsError, store errors) become a notice; the filesystem's own atomicity
   * guarantees nothing stored was lost. An undoable action snapshots everything first.
   */
  async #act(
    work: (fs: FileSystem) => Promise<FilesNotice>,
    path: string,
    after: { select?: string; expand?: string; undo?: Omit<UndoEntry, 'snapshot'> } = {},
  ): Promise<ActionResult> {
    const { fs, kit } = await this.loaded();
    this.#conflict = null;
    this.#ownActions++;
    try {
      const before = after.undo ? await kit.tools.snapshot(fs) : undefined;
      const notice = await work(fs);
      // A refusal changed nothing, except an upload that got some files in: that one stays undoable.
      const changed = notice.tone !== 'error' || notice.key === 'files.error.uploadPartly';
      await this.tree.refresh();
      if (changed && after.expand) this.tree.toggle(after.expand, true);
      if (changed && after.select) this.select(after.select);
      this.#undo = before && after.undo && changed ? { ...after.undo, snapshot: before } : null;
      this.#notice = { ...notice, undoable: this.#undo !== null };
      return notice.tone === 'error' ? { ok: false, notice } : { ok: true };
    } catch (error) {
      await this.tree.refresh();
      if (isFsConflict(error)) return this.#refuse(this.#askConflict(error.conflicts, () => this.#act(work, path, after)));
      return this.#refuse(noticeForError(error, { path, maxFileBytes: this.#maxFileBytes }));
    } finally {
      this.#ownActions--;
    }
  }

  /** Offers keep mine / take theirs for an action another tab's change refused; the notice names the file. */
  #askConflict(conflicts: FsConflict[], retry: () => Promise<ActionResult>): FilesNotice {
    const paths = conflicts.map((c) => c.path);
    const adopt = async () => {
      this.#conflict = null;
      const { fs } = await this.loaded();
      await adoptStored(fs, paths);
      await this.tree.refresh();
    };
    this.#conflict = {
      path: paths[0],
      paths,
      keepMine: async () => { await adopt(); return retry(); },
      takeTheirs: async () => {
        await adopt();
        this.#notice = { tone: 'info', key: 'files.conflict.tookTheirs', params: { path: paths[0] } };
      },
    };
    return { tone: 'error', key: 'files.conflict.action', params: { path: paths[0], count: paths.length } };
  }

  dispose(): void {
    this.#disposed = true;
    this.#unsubscribe?.();
    this.tree.dispose();
    this.document.dispose();
  }
}
