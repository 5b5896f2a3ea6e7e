// The workspace's evaluated tools as pi Tool objects, kept identical (same objects, same list) while their
// content is unchanged. Every evaluation delivers fresh copies from the sandbox; without this, typing in one
// file, or in the hooks, would re-encode every request and redraw every payload.
import type { Tool } from '../../ai/index.ts';
import type { EvaluatedTool } from '../run/tool-runtime.ts';

export interface PanelTool {
  fileId: string;
  /** As the loop hands it to the model: the AgentTool's JSON fields, in the sandbox's key order. */
  tool: Tool;
  evaluated: EvaluatedTool;
  /** The file has problems now; this is its last valid version. */
  stale: boolean;
}

/** The fields of an AgentTool that reach a request (pi-messages sends label and executionMode too). */
function toTool(evaluated: EvaluatedTool): Tool {
  return {
    name: evaluated.name,
    label: evaluated.label ?? evaluated.name,
    description: evaluated.description,
    parameters: evaluated.parameters,
    ...(evaluated.executionMode ? { executionMode: evaluated.executionMode } : {}),
    ...(evaluated.constrainedSampling !== undefined ? { constrainedSampling: evaluated.constrainedSampling } : {}),
  } as Tool;
}

/** A content key; a schema that is not JSON (a cycle) cannot be keyed, so the object itself is. */
function contentKey(evaluated: EvaluatedTool): unknown {
  try {
    return JSON.stringify([evaluated.name, evaluated.label, evaluated.description, evaluated.parameters, evaluated.executionMode, evaluated.constrainedSampling]);
  } catch {
    return evaluated;
  }
}

export class ToolStabilizer {
  #byFile = new Map<string, { key: unknown; entry: PanelTool }[]>();
  #previous: PanelTool[] = [];

  /** The tools of `files` in order, reusing earlier objects (and the earlier list) where nothing changed. */
  update(files: readonly { id: string }[], latest: (fileId: string) => { tools: EvaluatedTool[]; stale: boolean } | undefined): PanelTool[] {
    const next: PanelTool[] = [];
    const byFile = new Map<string, { key: unknown; entry: PanelTool }[]>();
    for (const file of files) {
      const found = latest(file.id);
      if (!found) continue;
      const before = this.#byFile.get(file.id) ?? [];
      const kept = found.tools.map((evaluated, i) => {
        const key = contentKey(evaluated);
        const old = before[i];
        if (old && old.key === key && old.entry.stale === found.stale) return old;
        return { key, entry: { fileId: file.id, tool: toTool(evaluated), evaluated, stale: found.stale } };
      });
      byFile.set(file.id, kept);
      next.push(...kept.map((k) => k.entry));
    }
    this.#byFile = byFile;
    const same = next.length === this.#previous.length && next.every((entry, i) => entry === this.#previous[i]);
    if (!same) this.#previous = next;
    return this.#previous;
  }
}
