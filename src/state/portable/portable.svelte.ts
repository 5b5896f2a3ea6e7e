// Moving work in and out of the playground: share links and workspace files (held as an offer the user must
// trust before anything from it is evaluated or replaces the workspace; the workspace it replaces is backed up and
// stays undoable), pi session imports (added as a scenario with the coding tools it used, then replayed), and the
// export to pi. Refusals keep the workspace untouched and say what was expected. The formats themselves are a
// chunk of their own (portable-codec.ts): call `load()` before anything that reads or writes one.
import type { PortableError } from '../../portable/index.ts';
import type { ExportFile } from '../../portable/export-pi/index.ts';
import type { ImportedSession } from '../../portable/index.ts';
import type { WorkspacePreview } from '../../portable/index.ts';
import type { ShareScope } from '../../portable/index.ts';
import { uniqueById, uniqueScenarioIds, type IdChange } from '../../portable/index.ts';
import type { BackupReason, BackupStore, WorkspaceBackup } from '../../storage/backups.ts';
import { CODING_TOOLS_KEY, SCENARIOS_KEY } from '../../storage/keys.ts';
import { parseScenarioDocument, type StoredScenario } from '../../storage/scenarios.ts';
import { failureDetail } from '../../storage/storage-error.ts';
import { createFileId, type Workspace } from '../../storage/workspace.ts';
import { CODING_TOOL_ORDER, parseCodingTools } from '../files/coding-tools.svelte.ts';
import type { PiExportOutcome, PiExportSources } from './export.ts';
import type { SessionFileWriter } from './files.ts';
import type { RunState } from '../run/run.svelte.ts';
import { withoutSandboxNetwork } from '../run/sandbox-network.svelte.ts';
import type { ScenarioState } from '../workspace/scenario.svelte.ts';
import { msg, type UiMessage } from '../shell/ui-message.ts';
import type { ViewsState } from '../shell/views.svelte.ts';
import type { WorkspaceState } from '../workspace/workspace.svelte.ts';

export type OfferOrigin = 'link' | 'file' | 'session';

/** Something that arrived and waits for the user's decision. Nothing of it has run. */
export interface IncomingOffer {
  origin: OfferOrigin;
  /** `selection`: one tool and one scenario; `session`: a scenario to add to the current workspace. */
  scope: ShareScope | 'session';
  fileName?: string;
  /** What accepting installs (for a session: the current workspace plus the new scenario). */
  workspace: Workspace;
  preview: WorkspacePreview;
  session?: ImportedSession;
  /** For a session: the id of the scenario it adds. */
  scenarioId?: string;
  /** Scenarios whose id was repeated in what arrived, and the id each was given. */
  renamed: IdChange[];
}

export interface Refused {
  origin: OfferOrigin;
  fileName?: string;
  error: PortableError;
}

export interface PortableDeps {
  workspace: WorkspaceState;
  scenarios: ScenarioState;
  views: ViewsState;
  run: Pick<RunState, 'play'>;
  backups: BackupStore;
  pi: PiExportSources;
  /** Adds the files an imported session read to the virtual filesystem (absent in tests without files). */
  sessionFiles?: SessionFileWriter;
}

/** Past this, some chat programs and browsers cut a link; the share dialog warns. */
export const LONG_LINK = 16_000;
/** Past this, browsers refuse the address (Chromium's limit is 2 MB); the dialog suggests a file instead. */
export const TOO_LONG_LINK = 2_000_000;

/** How the share dialog rates a link of `length` characters. */
export function linkSize(length: number): 'ok' | 'long' | 'too-long' {
  return length > TOO_LONG_LINK ? 'too-long' : length > LONG_LINK ? 'long' : 'ok';
}

/** The dialogs of this area; one is open at a time. */
export type PortableDialog = 'share' | 'import' | 'exportPi';
export type ImportSource = 'file' | 'link' | 'session';

type PortableCodec = typeof import('./codec.ts');

/** The address (or pasted text) may hold a share link: worth loading the codec to read it. */
export function mentionsShareLink(text: string): boolean {
  return text.includes('share=');
}

export class PortableState {
  #dialog = $state<PortableDialog | null>(null);
  #importFocus = $state<ImportSource | null>(null);
  #offer = $state.raw<IncomingOffer | null>(null);
  #refused = $state.raw<Refused | null>(null);
  #notice = $state.raw<UiMessage | null>(null);
  #backups = $state.raw<WorkspaceBackup[]>([]);
  #backupsError = $state.raw<UiMessage | null>(null);
  #backupChanges = $state.raw<IdChange[]>([]);

  #codec = $state.raw<PortableCodec | null>(null);
  #loading: Promise<void> | null = null;
  #loadError = $state<string | null>(null);

  constructor(private readonly deps: PortableDeps) {}

  /** Brings the formats (once). A failure is kept in `loadError` (and rejects); the next call tries again. */
  load(): Promise<void> {
    // The scenario checker too: exports and imports read scenarios through it.
    this.#loading ??= Promise.all([import('./codec.ts'), this.deps.scenarios.start()]).then(
      ([codec]) => { this.#codec = codec; this.#loadError = null; },
      (error: unknown) => {
        this.#loading = null;
        this.#loadError = error instanceof Error ? error.message : String(error);
        throw error;
      },
    );
    return this.#loading;
  }

  /** Why the formats could not be loaded (shown until dismissed or a later load succeeds). */
  get loadError(): string | null { return this.#loadError; }
  dismissLoadError(): void { this.#loadError = null; }

  /** Whether `load()` has finished, so links, files, sessions and exports can be read and written. */
  get ready(): boolean { return this.#codec !== null; }

  #need(): PortableCodec {
    if (!this.#codec) throw new Error('PortableState: load() must finish before a link, file or export is read or written');
    return this.#codec;
  }

  get dialog(): PortableDialog | null { return this.#dialog; }
  /** Which source the import dialog opens at (the menu's "Import pi session…" opens it at the session). */
  get importFocus(): ImportSource | null { return this.#importFocus; }
  get offer(): IncomingOffer | null { return this.#offer; }
  get refused(): Refused | null { return this.#refused; }
  /** The outcome of the last accepted offer or restore (shown once, then dismissed). */
  get notice(): UiMessage | null { return this.#notice; }
  get backups(): readonly WorkspaceBackup[] { return this.#backups; }
  /** The backups could not be read from storage (the list shows what was read before, if anything). */
  get backupsError(): UiMessage | null { return this.#backupsError; }
  /** Backups stored under a repeated id, renamed in the list so each can still be restored. */
  get backupChanges(): readonly IdChange[] { return this.#backupChanges; }

  openDialog(dialog: PortableDialog, focus: ImportSource | null = null): void {
    this.#importFocus = focus;
    this.#dialog = dialog;
    if (dialog === 'import') void this.loadBackups();
  }

  closeDialog(): void {
    this.#dialog = null;
  }

  /** Reads a share link (a URL, a fragment or pasted text). False when it holds no `share=` at all. */
  receiveLink(text: string): boolean {
    const { findShareToken, decodeShareToken, previewWorkspace } = this.#need();
    const token = findShareToken(text);
    if (token === null) return false;
    const decoded = decodeShareToken(token);
    if (!decoded.ok) return this.#refuse({ origin: 'link', error: decoded.error });
    const { scope } = decoded.payload;
    const { workspace, changes } = uniqueScenarioIds(decoded.payload.workspace);
    this.#present({ origin: 'link', scope, workspace: workspace as Workspace, preview: previewWorkspace(workspace), renamed: changes });
    return true;
  }

  /** Reads a `.pi-playground.json` file. */
  receiveWorkspaceFile(fileName: string, text: string, byteLength = text.length): void {
    const { parseWorkspaceFile, previewWorkspace } = this.#need();
    const parsed = parseWorkspaceFile(text, byteLength);
    if (!parsed.ok) return void this.#refuse({ origin: 'file', fileName, error: parsed.error });
    const { workspace, changes } = uniqueScenarioIds(parsed.file.workspace);
    this.#present({ origin: 'file', fileName, scope: 'workspace', workspace: workspace as Workspace, preview: previewWorkspace(workspace), renamed: changes });
  }

  /** Reads a pi session file (JSONL): offered as a scenario added to the current workspace. */
  receiveSession(fileName: string, text: string): void {
    const { parsePiSession, previewWorkspace } = this.#need();
    const parsed = parsePiSession(text);
    if (!parsed.ok) return void this.#refuse({ origin: 'session', fileName, error: parsed.error });
    const { session } = parsed;
    const current = this.deps.workspace.snapshot();
    const item: StoredScenario = { id: createFileId(), name: session.title, text: `${JSON.stringify(session.scenario, null, 2)}\n` };
    const existing = parseScenarioDocument(current[SCENARIOS_KEY]);
    const items = existing ? existing.items : this.deps.scenarios.items.slice();
    const workspace: Workspace = { ...current, [SCENARIOS_KEY]: { version: 1, items: [...items, item] } };
    if (session.codingTools.length) {
      const setting = parseCodingTools(current[CODING_TOOLS_KEY]);
      const chosen = new Set<string>([...(setting.enabled ? setting.tools : []), ...session.codingTools]);
      workspace[CODING_TOOLS_KEY] = { enabled: true, tools: CODING_TOOL_ORDER.filter((name) => chosen.has(name)) };
    }
    this.#present({ origin: 'session', fileName, scope: 'session', workspace, preview: previewWorkspace(workspace), session, scenarioId: item.id, renamed: [] });
  }

  /**
   * Installs the offer: the current workspace is backed up first, then replaced as one undoable action. A session
   * then has its scenario selected and replayed on the timeline.
   */
  async accept(): Promise<void> {
    const offer = this.#offer;
    if (!offer) return;
    this.#offer = null;
    const backupFailed = await this.deps.backups.add(this.deps.workspace.snapshot(), offer.origin as BackupReason).then(() => null, failureDetail);
    const label = offer.origin === 'session'
      ? msg('portable.undo.session', { name: offer.session?.title ?? '' })
      : msg(offer.origin === 'link' ? 'portable.undo.link' : 'portable.undo.file');
    // Network access for tool code is never the sender's choice: whatever arrives starts with it off.
    this.deps.workspace.replaceAll(withoutSandboxNetwork(offer.workspace), label);
    let filesAdded = 0;
    let filesFailed: string | null = null;
    if (offer.session && offer.scenarioId) {
      // The files it read go in first, so the replay's first recording starts from them.
      filesAdded = await (this.deps.sessionFiles?.addMissing(offer.session.files) ?? Promise.resolve(0))
        .catch((error: unknown) => { filesFailed = failureDetail(error); return 0; });
      this.deps.scenarios.select(offer.scenarioId);
      this.deps.views.setActive('timeline');
      this.deps.run.play();
    }
    if (backupFailed !== null) this.#notice = msg('portable.notice.noBackup', { reason: backupFailed });
    else if (offer.origin !== 'session') this.#notice = msg('portable.notice.opened');
    else if (filesFailed !== null) this.#notice = msg('portable.notice.sessionFilesFailed', { reason: filesFailed });
    else this.#notice = filesAdded ? msg('portable.notice.sessionAddedFiles', { count: filesAdded }) : msg('portable.notice.sessionAdded');
    await this.loadBackups();
  }

  /** Drops the offer or the refusal; the workspace stays as it is. */
  dismiss(): void {
    this.#offer = null;
    this.#refused = null;
  }

  dismissNotice(): void {
    this.#notice = null;
  }

  async loadBackups(): Promise<void> {
    try {
      const { items, changes } = uniqueById(await this.deps.backups.list(), 'rename');
      this.#backups = items;
      this.#backupChanges = changes;
      this.#backupsError = null;
    } catch (error) {
      this.#backupsError = msg('portable.import.backupsUnreadable', { reason: failureDetail(error) });
    }
  }

  /** Brings a backup back as the workspace (undoable; the current one is backed up first). */
  async restoreBackup(id: string): Promise<void> {
    const backup = this.#backups.find((b) => b.id === id);
    if (!backup) return;
    const backupFailed = await this.deps.backups.add(this.deps.workspace.snapshot(), 'file').then(() => null, failureDetail);
    this.deps.workspace.replaceAll(backup.workspace, msg('portable.undo.restore'));
    this.#notice = backupFailed === null ? msg('portable.notice.restored') : msg('portable.notice.restoredNoBackup', { reason: backupFailed });
    await this.loadBackups();
  }

  /** The link for the whole workspace, or for one tool file and one scenario (by id). */
  shareUrl(base: string, choice: { scope: 'workspace' } | { scope: 'selection'; toolId: string; scenarioId: string | null }): string {
    const { createShareUrl, selectForShare } = this.#need();
    const workspace = withoutSandboxNetwork(this.deps.workspace.snapshot());
    if (choice.scope === 'workspace') return createShareUrl(base, { scope: 'workspace', workspace });
    const scenario = this.deps.scenarios.items.find((s) => s.id === choice.scenarioId);
    return createShareUrl(base, { scope: 'selection', workspace: selectForShare(workspace, choice.toolId, scenario) });
  }

  /** The workspace as a `.pi-playground.json` file. */
  workspaceFile(now = new Date()): { name: string; text: string } {
    const { encodeWorkspaceFile, workspaceFileName } = this.#need();
    return { name: workspaceFileName('pi-playground', now), text: encodeWorkspaceFile(withoutSandboxNetwork(this.deps.workspace.snapshot()), now) };
  }

  /** One tool file as a self-contained TypeScript file for the real pi (helpers pasted in); null if it is gone. */
  exportTool(toolId: string): ExportFile | null {
    const tool = this.deps.workspace.tools.find((t) => t.id === toolId);
    return tool ? this.#need().exportToolFile(tool) : null;
  }

  /** Files of an export as one zip (a `pi-export/` folder inside). */
  zip(files: ExportFile[]): Uint8Array {
    return this.#need().zipExport(files);
  }

  /** The selected scenario (recorded first when needed), its tools, hooks and files, as files for the real pi. */
  async exportToPi(title: string): Promise<PiExportOutcome> {
    await this.load();
    return this.#need().preparePiExport(this.deps.pi, title);
  }

  #present(offer: IncomingOffer): void {
    this.#dialog = null;
    this.#refused = null;
    this.#notice = null;
    this.#offer = offer;
  }

  #refuse(refused: Refused): true {
    this.#dialog = null;
    this.#offer = null;
    this.#refused = refused;
    return true;
  }
}
