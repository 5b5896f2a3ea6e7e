// The file open in the files panel: its bytes read as text (BOM and line endings kept), image or binary, an
// edit in progress, and saving it back byte-exact. Follows changes on disk; an unsaved edit is never overwritten.
import type { FileSystem } from '../core/tools/fs.ts';
import { classifyContent, encodeTextContent, type FileContent } from './files-content.ts';
import type { ActionResult, FilesNotice } from './files-notices.ts';

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
  /** The file changed on disk (a run wrote it) while an edit was unsaved. */
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

  /** Writes the edit back: UTF-8, the BOM restored when the file had one. On failure the edit stays. */
  async save(): Promise<ActionResult> {
    const fs = this.fs();
    const path = this.#path;
    const content = this.#content;
    if (!fs || !path || content?.kind !== 'text' || this.#draft === null) return { ok: true };
    const bytes = encodeTextContent(this.#draft, content.bom);
    this.#saving = true;
    try {
      await fs.writeFile(path, bytes);
      this.#error = null;
    } catch (error) {
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
