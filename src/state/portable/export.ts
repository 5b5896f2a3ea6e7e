// "Export to pi" in the app: the selected scenario as the playground recorded it (recording it first when there is
// no up-to-date recording; both runs in compare mode), the workspace's tools and hooks, the files the run started
// from and the coding tools it had, assembled into the files a pi project can run.
import { exportScenariosToPi, type PiExport, type ScenarioToExport } from '../../portable/export-pi/index.ts';
import { summarizeRecording } from '../../portable/export-pi/index.ts';
import type { Workspace } from '../../portable/index.ts';
import { decodeBase64 } from '../../vfs/index.ts';
import type { FsSnapshot } from '../../vfs/index.ts';
import type { RunState } from '../run/run.svelte.ts';
import type { ScenarioState } from '../workspace/scenario.svelte.ts';
import { msg, type UiMessage } from '../shell/ui-message.ts';

export interface PiExportSources {
  workspace: () => Workspace;
  scenarios: Pick<ScenarioState, 'runnable'>;
  run: Pick<RunState, 'recordings' | 'stale' | 'recordingNow' | 'record'>;
  /** The files the selected scenario's runs start from (null when unknown). */
  runStartFiles: () => FsSnapshot | null;
  /** pi's coding tools runs get (empty when off). */
  codingTools: () => readonly string[];
}

export type PiExportOutcome = { ok: true; bundle: PiExport; scenarios: number } | { ok: false; reason: UiMessage };

/** Files under the workspace root, by path relative to it (what the exported tests copy before each run). */
export function workspaceFiles(snapshot: FsSnapshot | null, root = '/workspace'): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const entry of snapshot?.entries ?? []) {
    if (entry.kind !== 'file' || entry.data === undefined || !entry.path.startsWith(`${root}/`)) continue;
    files[entry.path.slice(root.length + 1)] = decodeBase64(entry.data);
  }
  return files;
}

/** Builds the export of the selected scenario, named `title`. Never rejects. */
export async function preparePiExport(sources: PiExportSources, title: string): Promise<PiExportOutcome> {
  try {
    const runnable = sources.scenarios.runnable();
    if (!runnable) return { ok: false, reason: msg('portable.exportPi.noScenario') };
    const { run } = sources;
    if (run.recordingNow || run.stale || run.recordings.length === 0) {
      if (!(await run.record())) return { ok: false, reason: msg('portable.exportPi.notRecorded') };
    }
    const recordings = run.recordings;
    const compare = recordings.length > 1;
    const codingTools = [...sources.codingTools()];
    const scenarios: ScenarioToExport[] = recordings.map((recording) => ({
      title: compare ? `${title} (${recording.toolExecution})` : title,
      scenario: { ...runnable.scenario, toolExecution: recording.toolExecution },
      events: summarizeRecording(recording),
      ...(codingTools.length ? { codingTools } : {}),
    }));
    const bundle = exportScenariosToPi({ workspace: sources.workspace(), scenarios, files: workspaceFiles(sources.runStartFiles()) });
    return { ok: true, bundle, scenarios: scenarios.length };
  } catch (error) {
    return { ok: false, reason: msg('portable.exportPi.failed', { reason: error instanceof Error ? error.message : String(error) }) };
  }
}
