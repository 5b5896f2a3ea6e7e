// What an incoming workspace holds, for the trust prompt: each tool file with the tools its text declares, the
// scenarios, the hooks and settings, and which parts would run code once trusted. Built from text alone; nothing
// is evaluated.
import { scanCode, type CodeScan } from './code-scan.ts';
import { summarizeToolSource, type DeclaredTool } from './source-summary.ts';
import { isRecord, type Workspace } from './workspace-shape.ts';

export interface ToolFilePreview {
  id: string;
  /** The file's name in the tool list. */
  name: string;
  kind: 'typescript' | 'json-schema';
  /** Names and descriptions as written in the text; the code may compute others when it runs. */
  declared: DeclaredTool[];
  /** What the code imports and would reach, by a static scan (undefined for JSON Schema files: no code). */
  scan?: CodeScan;
  lines: number;
  source: string;
}

export interface ScenarioPreview {
  id: string;
  /** The scenario's own name; empty for an untouched built-in example (then `exampleId` names it). */
  name: string;
  exampleId?: string;
  /** The scenario file's title, when it has one and it parses. */
  title?: string;
  turns?: number;
  /** Its code turns (1-based turn number and module source): code that runs once the workspace is trusted. */
  codeTurns?: { turn: number; code: string; scan: CodeScan }[];
}

export interface WorkspacePreview {
  tools: ToolFilePreview[];
  scenarios: ScenarioPreview[];
  /** Lines of the hooks file (0 = no hooks). */
  hookLines: number;
  hooks: string;
  hooksScan: CodeScan;
  toolExecution: 'parallel' | 'sequential';
  systemPrompt: string;
  /** pi's built-in coding tools the workspace turns on, if any. */
  codingTools: string[];
  /** Other documents the workspace carries (panels' data), by key. */
  otherKeys: string[];
}

const lineCount = (text: string) => (text.trim() === '' ? 0 : text.replace(/\n$/, '').split('\n').length);

function scenariosOf(value: unknown): ScenarioPreview[] {
  const items = isRecord(value) && Array.isArray(value.items) ? value.items : [];
  return items.flatMap((item): ScenarioPreview[] => {
    if (!isRecord(item) || typeof item.id !== 'string' || typeof item.text !== 'string') return [];
    const preview: ScenarioPreview = { id: item.id, name: typeof item.name === 'string' ? item.name : '' };
    if (typeof item.exampleId === 'string') preview.exampleId = item.exampleId;
    try {
      const file = JSON.parse(item.text) as unknown;
      if (isRecord(file) && typeof file.title === 'string' && file.title.trim()) preview.title = file.title;
      if (isRecord(file) && Array.isArray(file.turns)) {
        preview.turns = file.turns.length;
        const code = file.turns.flatMap((turn, i) => (isRecord(turn) && typeof turn.code === 'string' ? [{ turn: i + 1, code: turn.code, scan: scanCode(turn.code) }] : []));
        if (code.length) preview.codeTurns = code;
      }
    } catch { /* a scenario with errors still has its name */ }
    return [preview];
  });
}

export function previewWorkspace(workspace: Workspace): WorkspacePreview {
  const extra: Record<string, unknown> = workspace;
  const coding = isRecord(extra.codingTools) && extra.codingTools.enabled === true && Array.isArray(extra.codingTools.tools)
    ? extra.codingTools.tools.filter((t): t is string => typeof t === 'string') : [];
  return {
    tools: workspace.tools.map((file) => ({
      id: file.id, name: file.name, kind: file.kind, lines: lineCount(file.source), source: file.source,
      declared: summarizeToolSource(file.kind, file.source, `${file.name}.json`),
      ...(file.kind === 'typescript' ? { scan: scanCode(file.source) } : {}),
    })),
    scenarios: scenariosOf(extra.scenarios),
    hookLines: lineCount(workspace.hooks),
    hooks: workspace.hooks,
    hooksScan: scanCode(workspace.hooks),
    toolExecution: workspace.settings.toolExecution,
    systemPrompt: workspace.settings.systemPrompt,
    codingTools: coding,
    otherKeys: Object.keys(extra).filter((k) => !['tools', 'hooks', 'settings', 'scenarios', 'codingTools'].includes(k)),
  };
}

/**
 * The workspace narrowed to one tool file and one scenario (by id), with the hooks, settings and other documents
 * they run with. `scenario` is the stored item to keep, or undefined to keep none.
 */
export function selectForShare(workspace: Workspace, toolId: string, scenario: unknown): Workspace {
  const extra: Record<string, unknown> = workspace;
  const narrowed: Record<string, unknown> = { ...extra, tools: workspace.tools.filter((t) => t.id === toolId) };
  if (scenario !== undefined) narrowed.scenarios = { version: 1, items: [scenario] };
  else delete narrowed.scenarios;
  return narrowed as Workspace;
}
