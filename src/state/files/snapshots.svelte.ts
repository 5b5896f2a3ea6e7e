// Snapshots of the virtual filesystem: named ones kept in IndexedDB (optionally as the starting files of a
// scenario), and the files each scenario's runs start from: captured before its first recording and put back
// before every later one (restart, replay, compare mode's second run), so every replay begins with the same files.
import type { FsSnapshot } from '../../vfs/index.ts';
import type { ActionResult, FilesNotice } from './notices.ts';
import { noticeForError } from './notices.ts';
import { uniqueById } from '../../portable/index.ts';
import { measureSnapshot, type SnapshotInfo, type SnapshotRepository } from '../../storage/snapshots.ts';
import { failureDetail, isStorageError } from '../../storage/storage-error.ts';
import type { FilesState } from './files.svelte.ts';

export type { SnapshotInfo } from '../../storage/snapshots.ts';

/** A snapshot storage could not read (not a damaged one): what the user is told. */
function unreadable(info: SnapshotInfo, error: unknown): FilesNotice {
  return { tone: 'error', key: 'files.snapshots.unreadable', params: { name: info.name }, detail: failureDetail(error) };
}

/** The scenario runs are recorded from now: its id, its name (empty for a built-in example, named by its id). */
export interface ScenarioRef {
  id: string;
  name: string;
  exampleId?: string;
}

/** The files a run started from. */
export interface RunStart {
  /** The named snapshot restored for it, or null when the files as they were were captured. */
  snapshotId: string | null;
  name: string | null;
  scenarioId: string | null;
  takenAt: number;
  snapshot: FsSnapshot;
}

let counter = 0;
const newId = () => `snap-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export class FilesSnapshotsState {
  #list = $state.raw<SnapshotInfo[]>([]);
  #loaded = $state(false);
  #busy = $state(false);
  #notice = $state.raw<FilesNotice | null>(null);
  /** The starting files of each scenario's runs in this session, by scenario id ('' without a scenario). */
  #runStarts = $state.raw<ReadonlyMap<string, RunStart>>(new Map());

  constructor(
    private readonly files: FilesState,
    private readonly repository: SnapshotRepository,
    private readonly scenario: () => ScenarioRef | null = () => null,
    private readonly now: () => number = Date.now,
  ) {}

  /** Newest first. */
  get list(): SnapshotInfo[] { return this.#list; }
  get loaded(): boolean { return this.#loaded; }
  get busy(): boolean { return this.#busy; }
  get notice(): FilesNotice | null { return this.#notice; }
  /** What the current scenario's runs start from (null before its first recording). */
  get runStart(): RunStart | null { return this.#runStarts.get(this.scenario()?.id ?? '') ?? null; }
  get currentScenario(): ScenarioRef | null { return this.scenario(); }

  /** The snapshot runs of `scenarioId` start from, if one is kept with it. */
  startFor(scenarioId: string | null | undefined): SnapshotInfo | undefined {
    return scenarioId ? this.#list.find((s) => s.scenarioId === scenarioId) : undefined;
  }

  dismissNotice(): void { this.#notice = null; }

  async load(): Promise<void> {
    try {
      // Two index entries with one id name the same stored files: the first is kept, the others are named.
      const { items, changes } = uniqueById(await this.repository.list(), 'drop', (info) => info.name);
      this.#list = sortNewest(items);
      if (changes.length) {
        this.#notice = { tone: 'info', key: 'files.snapshots.duplicates', params: { names: changes.map((c) => `“${c.name}” (${c.from})`).join(', ') } };
      }
    } catch (error) {
      this.#notice = noticeForError(error);
    }
    this.#loaded = true;
  }

  /** Saves the current files under `name`; `forScenario` makes them the starting files of the current scenario. */
  async take(name: string, options: { forScenario?: boolean } = {}): Promise<ActionResult> {
    const trimmed = name.trim();
    if (!trimmed) return this.#fail({ tone: 'error', key: 'files.snapshots.nameEmpty' });
    const { fs, kit } = await this.files.loaded();
    return this.#save(newId(), trimmed, await kit.tools.snapshot(fs), options.forScenario ? this.scenario() : null);
  }

  /** Keeps the files the last run started from, as the starting files of that run's scenario. */
  async keepRunStart(name: string): Promise<ActionResult> {
    const start = this.runStart;
    if (!start) return { ok: true };
    const trimmed = name.trim();
    if (!trimmed) return this.#fail({ tone: 'error', key: 'files.snapshots.nameEmpty' });
    const scenario = this.scenario();
    const id = newId();
    const result = await this.#save(id, trimmed, start.snapshot, scenario && scenario.id === start.scenarioId ? scenario : null);
    if (result.ok) this.#setRunStart({ ...start, snapshotId: id, name: trimmed });
    return result;
  }

  async #save(id: string, name: string, snapshot: FsSnapshot, scenario: ScenarioRef | null): Promise<ActionResult> {
    const info: SnapshotInfo = {
      id, name, scenarioId: scenario?.id ?? null, createdAt: this.now(), ...measureSnapshot(snapshot),
      ...scenarioFields(scenario),
    };
    return this.#work(async () => {
      // A scenario starts from one snapshot: the one kept before is released (it stays, unattached).
      const previous = scenario ? this.startFor(scenario.id) : undefined;
      await this.repository.save(info, snapshot);
      if (previous) await this.repository.setInfo({ ...previous, scenarioId: null });
      return { tone: 'success', key: 'files.snapshots.saved', params: { name } };
    });
  }

  /** Makes the snapshot the starting files of the current scenario (or detaches it, with `attach` false). */
  async attach(id: string, attach: boolean): Promise<ActionResult> {
    const info = this.#list.find((s) => s.id === id);
    const scenario = this.scenario();
    if (!info || (attach && !scenario)) return { ok: true };
    return this.#work(async () => {
      const previous = attach && scenario ? this.startFor(scenario.id) : undefined;
      if (previous && previous.id !== id) await this.repository.setInfo({ ...previous, scenarioId: null });
      const { scenarioName: _name, scenarioExampleId: _example, ...rest } = info;
      const next = attach && scenario ? { ...rest, scenarioId: scenario.id, ...scenarioFields(scenario) } : { ...rest, scenarioId: null };
      await this.repository.setInfo(next);
      return { tone: 'success', key: attach ? 'files.snapshots.attached' : 'files.snapshots.detached', params: { name: info.name } };
    });
  }

  /** Puts the snapshot's files back (undoable from the files panel). */
  async restore(id: string): Promise<ActionResult> {
    const info = this.#list.find((s) => s.id === id);
    if (!info) return { ok: true };
    const data = await this.repository.load(id).catch((error: unknown) => unreadable(info, error));
    if (!data || 'tone' in data) return this.#fail(data ?? { tone: 'error', key: 'files.snapshots.damaged', params: { name: info.name } });
    const result = await this.files.restoreSnapshot(data, { tone: 'success', key: 'files.snapshots.restored', params: { name: info.name } }, { undoable: true });
    // The files panel reports it (with Undo); a refusal is reported here too, beside the snapshot.
    this.#notice = result.ok ? null : result.notice;
    return result;
  }

  async remove(id: string): Promise<ActionResult> {
    const info = this.#list.find((s) => s.id === id);
    if (!info) return { ok: true };
    return this.#work(async () => {
      try {
        await this.repository.remove(id);
      } catch (error) {
        // Out of the list, but its files stayed behind in storage: deleted for the user, though not the space.
        if (!isStorageError(error) || error.operation !== 'delete') throw error;
        return { tone: 'info', key: 'files.snapshots.deletedLeftover', params: { name: info.name }, detail: failureDetail(error) };
      }
      return { tone: 'success', key: 'files.snapshots.deleted', params: { name: info.name } };
    });
  }

  /**
   * Registered on the run state's beforeRecord hooks. The scenario's kept snapshot, when it has one, is put back
   * before every recording. Otherwise the first recording captures the files as they are, and every later one puts
   * those back. Never rejects: a failure is shown, and the run goes ahead with the files as they are.
   */
  async beforeRecord(): Promise<void> {
    const scenarioId = this.scenario()?.id ?? null;
    const kept = this.startFor(scenarioId);
    const read = kept ? await this.repository.load(kept.id).catch((error: unknown) => unreadable(kept, error)) : undefined;
    const data = read && !('tone' in read) ? read : undefined;
    if (kept && data) {
      if (await this.#restoreForRun(data)) {
        this.#setRunStart({ snapshotId: kept.id, name: kept.name, scenarioId, takenAt: this.now(), snapshot: data });
      }
      return;
    }
    if (kept) this.#notice = read && 'tone' in read ? read : { tone: 'error', key: 'files.snapshots.damaged', params: { name: kept.name } };
    const last = this.runStart;
    if (last && last.snapshotId === null) {
      await this.#restoreForRun(last.snapshot);
      return;
    }
    await this.useCurrentFiles();
  }

  /** From now on, the current scenario's runs start from the files as they are now. */
  async useCurrentFiles(): Promise<void> {
    const scenarioId = this.scenario()?.id ?? null;
    try {
      const { fs, kit } = await this.files.loaded();
      this.#setRunStart({ snapshotId: null, name: null, scenarioId, takenAt: this.now(), snapshot: await kit.tools.snapshot(fs) });
    } catch (error) {
      this.#notice = noticeForError(error);
    }
  }

  #setRunStart(start: RunStart): void {
    const next = new Map(this.#runStarts);
    next.set(start.scenarioId ?? '', start);
    this.#runStarts = next;
  }

  /** Puts a run's starting files back; false (with the reason shown) when the store refused. */
  async #restoreForRun(snapshot: FsSnapshot): Promise<boolean> {
    // Nothing changed since (a replay right after a replay): no write, no notice, no churn in the panel.
    const { fs, kit } = await this.files.loaded();
    if (sameSnapshot(await kit.tools.snapshot(fs), snapshot)) return true;
    const result = await this.files.restoreSnapshot(snapshot, { tone: 'info', key: 'files.snapshots.runRestored' });
    if (!result.ok) this.#notice = result.notice;
    return result.ok;
  }

  async #work(action: () => Promise<FilesNotice>): Promise<ActionResult> {
    this.#busy = true;
    try {
      const notice = await action();
      this.#notice = notice;
      return notice.tone === 'error' ? { ok: false, notice } : { ok: true };
    } catch (error) {
      return this.#fail(noticeForError(error));
    } finally {
      // Whatever happened, show what is stored now.
      await this.load();
      this.#busy = false;
    }
  }

  #fail(notice: FilesNotice): ActionResult {
    this.#notice = notice;
    return { ok: false, notice };
  }
}

function sameSnapshot(a: FsSnapshot, b: FsSnapshot): boolean {
  if (a.entries.length !== b.entries.length) return false;
  return a.entries.every((e, i) => {
    const o = b.entries[i];
    return e.path === o.path && e.kind === o.kind && e.mtimeMs === o.mtimeMs && e.data === o.data;
  });
}

function scenarioFields(scenario: ScenarioRef | null): Pick<SnapshotInfo, 'scenarioName' | 'scenarioExampleId'> {
  if (!scenario) return {};
  return { scenarioName: scenario.name, ...(scenario.exampleId ? { scenarioExampleId: scenario.exampleId } : {}) };
}

function sortNewest(list: SnapshotInfo[]): SnapshotInfo[] {
  return [...list].sort((a, b) => b.createdAt - a.createdAt);
}
