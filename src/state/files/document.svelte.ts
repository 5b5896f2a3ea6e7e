// The file open in the files panel: its bytes read as text (BOM and line endings kept), image or binary, an
// edit in progress, and saving it back byte-exact. Follows changes on disk (a run's, another tab's); an unsaved edit
// is never overwritten, and saving over a change made elsewhere asks first: keep mine, take theirs, or save a copy.
import type { FileSystem } from '../../vfs/index.ts';
import { isFsConflict } from '../../storage/fs/fs-conflicts.ts';
import { classifyContent, encodeTextContent, type FileContent } from './content.ts';
import type { ActionResult, FilesNotice } from './notices.ts';
import { adoptStored, copyPathFor } from './shared.ts';

export type DocumentStatus = 'empty' | 'loading' | 'ready' | 'error';

const NO_BYTES = new Uint8Array(0);

export class FileDocumentState {
  #path = $state<string | null>(null);
  #status = $state<DocumentStatus>('empty');
  #bytes = $state.raw<Uint8Array>(NO_BYTES);
  #content = $state.raw<FileContent | null>(null);
  #mtimeMs = $state(0);
  #draft = $state<string | null>(null);
  #changedOnDisk = $state(false);
  #error = $state.raw<FilesNotice | null>(null);
  #saving = $state(false);
  /** Bumped whenever the content is (re)loaded from disk, so an editor knows to take the stored text. */
  #version = $state(0);
  #loadTicket = 0;
  #moving = 0;

  readonly dirty = $derived(this.#draft !== null && this.#content?.kind === 'text' && this.#draft !== this.#content.text);

  constructor(
    private readonly fs: () => FileSystem | undefined,
    private readonly describe: (error: unknown, path: string) => FilesNotice,
  ) {}

  get path(): string | null { return this.#path; }
  get status(): DocumentStatus { return this.#status; }
  get bytes(): Uint8Array { return this.#bytes; }
  get content(): FileContent | null { return this.#content; }
  get mtimeMs(): number { return this.#mtimeMs; }
  /** The text being edited (without the BOM); the stored text while nothing is edited. */
  get text(): string { return this.#draft ?? (this.#content?.kind === 'text' ? this.#content.text : ''); }
  /** The file changed on disk (a run or another tab wrote it) while an edit was unsaved: the user must choose. */
  get changedOnDisk(): boolean { return this.#changedOnDisk; }
  /** Why the file could not be read, or the last save failed. */
  get error(): FilesNotice | null { return this.#error; }
  get saving(): boolean { return this.#saving; }
  get version(): number { return this.#version; }

  async open(path: string): Promise<void> {
    if (path === this.#path && this.#status !== 'error') return;
    this.#path = path;
    this.#draft = null;
    this.#changedOnDisk = false;
    await this.reload();
  }

  close(): void {
    this.#loadTicket++;
    this.#path = null;
    this.#status = 'empty';
    this.#content = null;
    this.#bytes = NO_BYTES;
    this.#draft = null;
    this.#error = null;
  }

  /** Reads the stored file again, dropping any unsaved edit. */
  async reload(): Promise<void> {
    const fs = this.fs();
    const path = this.#path;
    if (!fs || !path) return;
    const ticket = ++this.#loadTicket;
    this.#status = 'loading';
    try {
      const [bytes, stat] = await Promise.all([fs.readFile(path), fs.stat(path)]);
      if (ticket !== this.#loadTicket) return;
      this.#bytes = bytes;
      this.#content = classifyContent(bytes);
      this.#mtimeMs = stat.mtimeMs;
      this.#draft = null;
      this.#changedOnDisk = false;
      this.#error = null;
      this.#status = 'ready';
      this.#version++;
    } catch (error) {
      if (ticket !== this.#loadTicket) return;
      this.#content = null;
      this.#bytes = NO_BYTES;
      this.#error = this.describe(error, path);
      this.#status = 'error';
    }
  }

  /** Records an edit of the text (as the editor holds it: without BOM, the file's own line breaks). */
  edit(text: string): void {
    if (this.#content?.kind !== 'text') return;
    this.#draft = text;
  }

  revert(): void {
    void this.reload();
  }

  /**
   * Writes the edit back: UTF-8, the BOM restored when the file had one. On failure the edit stays. When the file
   * changed elsewhere since it was loaded (in this tab's memory, or only in the store: another tab without a
   * channel), nothing is written and `changedOnDisk` asks the user.
   */
  async save(): Promise<ActionResult> {
    const fs = this.fs();
    const path = this.#path;
    if (!fs || !path || this.#content?.kind !== 'text' || this.#draft === null) return { ok: true };
    if (this.#changedOnDisk) return this.#conflictResult(path);
    const stat = await fs.stat(path).catch(() => null);
    if (!stat || stat.mtimeMs !== this.#mtimeMs || stat.size !== this.#bytes.length) {
      this.#changedOnDisk = true;
      return this.#conflictResult(path);
    }
    return this.#write(fs, path);
  }

  /** Keep mine: takes in what is stored, then writes the edit over it. */
  async keepMine(): Promise<ActionResult> {
    const fs = this.fs();
    const path = this.#path;
    if (!fs || !path || this.#draft === null) return { ok: true };
    await adoptStored(fs, [path]).catch(() => undefined);
    return this.#write(fs, path);
  }

  /** Take theirs: drops the edit and shows what is stored now. */
  async takeTheirs(): Promise<void> {
    const fs = this.fs();
    if (fs && this.#path) await adoptStored(fs, [this.#path]).catch(() => undefined);
    await this.reload();
  }

  /** Save mine as a copy: the edit goes to a new file beside this one; this one shows what is stored now. */
  async saveCopy(): Promise<{ ok: true; path: string } | { ok: false; notice: FilesNotice }> {
    const fs = this.fs();
    const path = this.#path;
    const content = this.#content;
    if (!fs || !path || content?.kind !== 'text' || this.#draft === null) return { ok: false, notice: this.describe(new Error('nothing to save'), path ?? '') };
    const bytes = encodeTextContent(this.#draft, content.bom);
    try {
      await adoptStored(fs, [path]).catch(() => undefined);
      const copy = await copyPathFor(fs, path);
      await fs.writeFile(copy, bytes);
      await this.reload();
      return { ok: true, path: copy };
    } catch (error) {
      const notice = this.describe(error, path);
      this.#error = notice;
      return { ok: false, notice };
    }
  }

  #conflictResult(path: string): ActionResult {
    return { ok: false, notice: { tone: 'error', key: 'files.conflict.file', params: { path } } };
  }

  async #write(fs: FileSystem, path: string): Promise<ActionResult> {
    const content = this.#content;
    if (content?.kind !== 'text' || this.#draft === null) return { ok: true };
    const bytes = encodeTextContent(this.#draft, content.bom);
    this.#saving = true;
    try {
      await fs.writeFile(path, bytes);
      this.#error = null;
    } catch (error) {
      if (isFsConflict(error)) {
        this.#changedOnDisk = true;
        return this.#conflictResult(path);
      }
      const notice = this.describe(error, path);
      this.#error = notice;
      return { ok: false, notice };
    } finally {
      this.#saving = false;
    }
    await this.reload();
    return { ok: true };
  }

  /** Called for every committed change: follow it, unless an unsaved edit would be lost. */
  onDiskChange(paths: string[]): void {
    const path = this.#path;
    if (!path || this.#saving || this.#moving > 0) return;
    if (paths.includes(path)) return this.#changed();
    // A change in a folder above (a sibling written, the folder renamed or removed) touches the file only if
    // it is gone or different now.
    if (paths.some((p) => path.startsWith(`${p}/`))) void this.#checkStillSame(path);
  }

  async #checkStillSame(path: string): Promise<void> {
    const stat = await this.fs()?.stat(path).catch(() => null);
    if (path !== this.#path) return;
    if (!stat) {
      if (this.dirty) this.#changedOnDisk = true;
      else this.close();
      return;
    }
    if (stat.kind !== 'file' || stat.mtimeMs !== this.#mtimeMs || stat.size !== this.#bytes.length) this.#changed();
  }

  #changed(): void {
    if (this.dirty) this.#changedOnDisk = true;
    else void this.reload();
  }

  /** Runs a rename of `from` to `to`; the open file (or one inside a renamed folder) keeps showing, edit and all. */
  async move(from: string, to: string, rename: () => Promise<void>): Promise<void> {
    this.#moving++;
    try {
      await rename();
      const path = this.#path;
      if (path === from) this.#path = to;
      else if (path?.startsWith(`${from}/`)) this.#path = to + path.slice(from.length);
    } finally {
      this.#moving--;
    }
  }

  dispose(): void {
    this.#loadTicket++;
  }
}
