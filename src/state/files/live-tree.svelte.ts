// The files panel's tree as it is now: listed again after every change to the filesystem (one listing at a time, at
// most one more queued), with the folders the user opened and the selected entry, which goes when its file does.
import type { FileSystem } from '../../vfs/index.ts';
import { dirnamePosix } from '../../vfs/index.ts';
import { starterFilesPresent } from './actions.ts';
import { EMPTY_TREE, readFileTree, visibleEntries, type FileTreeModel, type TreeEntry } from './tree.ts';

export class LiveFileTree {
  #tree = $state.raw<FileTreeModel>(EMPTY_TREE);
  #expanded = $state.raw<ReadonlySet<string>>(new Set(['/workspace']));
  #selected = $state<string | null>(null);
  #examplesPresent = $state(false);
  #refreshing: Promise<void> | undefined;
  #refreshAgain = false;
  #disposed = false;

  readonly rows = $derived(visibleEntries(this.#tree, this.#expanded));

  /** `fs` is undefined until the filesystem is open (nothing is listed before). */
  constructor(private readonly fs: () => FileSystem | undefined) {}

  /** The listed tree: every entry by path. */
  get model(): FileTreeModel { return this.#tree; }
  get expanded(): ReadonlySet<string> { return this.#expanded; }
  get selected(): string | null { return this.#selected; }
  get selectedEntry(): TreeEntry | undefined { return this.#selected ? this.#tree.entries.get(this.#selected) : undefined; }
  /** Every starter file is there with its original content (seeding would change nothing). */
  get examplesPresent(): boolean { return this.#examplesPresent; }

  /** Re-lists the tree; changes that arrive meanwhile trigger one more listing (never more than one queued). */
  refresh(): Promise<void> {
    if (this.#refreshing) {
      this.#refreshAgain = true;
      return this.#refreshing;
    }
    const run = async () => {
      do {
        this.#refreshAgain = false;
        const fs = this.fs();
        if (!fs) return;
        const tree = await readFileTree(fs);
        if (this.#disposed) return;
        this.#tree = tree;
        this.#examplesPresent = await starterFilesPresent(fs, tree);
        if (this.#selected && !tree.entries.has(this.#selected)) this.#selected = null;
      } while (this.#refreshAgain);
    };
    this.#refreshing = run().finally(() => { this.#refreshing = undefined; });
    return this.#refreshing;
  }

  /** Waits until the listing reflects every change reported so far. */
  async settled(): Promise<void> {
    while (this.#refreshing) await this.#refreshing;
  }

  toggle(path: string, open = !this.#expanded.has(path)): void {
    const next = new Set(this.#expanded);
    if (open) next.add(path); else next.delete(path);
    this.#expanded = next;
  }

  /** Selects an entry and expands the folders above it. */
  select(path: string | null): void {
    this.#selected = path;
    if (!path) return;
    const ancestors = new Set(this.#expanded);
    for (let dir = dirnamePosix(path); dir !== '/'; dir = dirnamePosix(dir)) ancestors.add(dir);
    this.#expanded = ancestors;
  }

  /** Listings still under way are dropped when they finish. */
  dispose(): void {
    this.#disposed = true;
  }
}
