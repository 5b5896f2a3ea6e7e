// Assembles what "Export to pi" downloads: a single tool as one self-contained TypeScript file, or a folder of
// tools, hooks, the Node helpers, the playground's files and one Vitest test per scenario that replays it against
// the real pi. Pure: returns file texts; zipping and saving are the caller's.
import { zipSync } from 'fflate';
import type { Scenario } from '../../recording/scenario/index.ts';
import { utf8Encode } from '../bytes.ts';
import type { ToolFile, Workspace } from '../workspace-shape.ts';
import type { EventSummary } from './event-summary.ts';
import { createJsonSchemaToolModule } from './json-schema-tool.ts';
import { EVENT_SUMMARY_FILE, EVENT_SUMMARY_SOURCE, REPLAY_HELPER_FILE, REPLAY_HELPER_SOURCE } from './replay-helper-source.ts';
import { createRuntimeModule, RUNTIME_MODULE_FILE } from './runtime-source.ts';
import { createScenarioTest } from './scenario-test.ts';
import { rewriteToolSource } from './source-rewrite.ts';

export const PI_VERSION = '0.85.1';

export interface ExportFile {
  /** Relative, with `/` separators. */
  path: string;
  content: string | Uint8Array;
}

export interface ScenarioToExport {
  title: string;
  scenario: Scenario;
  /** pi's built-in coding tools this run had besides the workspace's tools. */
  codingTools?: string[];
  /** The playground's recording of this scenario, summarized (summarizeEvents). */
  events: EventSummary[];
}

export interface PiExport {
  files: ExportFile[];
  /** Things the real pi cannot express, per scenario; also in the README and the tests' comments. */
  notes: string[];
}

/** A file-name stem: lowercase letters, digits and dashes. */
export function fileStem(text: string, fallback: string): string {
  const stem = text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return stem || fallback;
}

function uniqueStems(names: string[], fallback: string): string[] {
  const used = new Map<string, number>();
  return names.map((name, i) => {
    const stem = fileStem(name, `${fallback}-${i + 1}`);
    const n = (used.get(stem) ?? 0) + 1;
    used.set(stem, n);
    return n === 1 ? stem : `${stem}-${n}`;
  });
}

/** One tool as a self-contained TypeScript file (helpers pasted in), named after the tool. */
export function exportToolFile(tool: ToolFile): ExportFile {
  const stem = fileStem(tool.name, 'tool');
  if (tool.kind === 'json-schema') return { path: `${stem}.ts`, content: createJsonSchemaToolModule(tool.source, `${tool.name}.json`) };
  const header = `// ${tool.name}: exported from the pi tool playground. Uses the real pi packages (@earendil-works/pi-ai and\n// @earendil-works/pi-agent-core ${PI_VERSION}); the playground's sleep() and fs are defined below for Node.\n`;
  return { path: `${stem}.ts`, content: header + rewriteToolSource(tool.source, 'inline').source };
}

function readme(scenarioCount: number, notes: string[]): string {
  return `# Exported from the pi tool playground

Tools, hooks and ${scenarioCount} scenario test${scenarioCount === 1 ? '' : 's'} that run against the real pi ${PI_VERSION}.

\`\`\`sh
npm install
npx vitest run
\`\`\`

- \`tools/\`: one module per tool file, as written in the playground. Imports from \`"playground"\` now come from
  \`${RUNTIME_MODULE_FILE}\`: \`sleep()\` on setTimeout, \`fs\` on node:fs/promises relative to a workspace folder.
- \`hooks.ts\`: beforeToolCall / afterToolCall, when the workspace has them.
- \`*.test.ts\`: each replays one scenario with pi's \`runAgentLoop\` and pi's faux provider
  (\`registerFauxProvider\`, \`fauxAssistantMessage\`, \`fauxText\`, \`fauxThinking\`, \`fauxToolCall\`) and checks that pi
  emits the events the playground recorded (\`*.events.json\`). Time is virtual (Vitest fake timers).
- \`files/\`: the playground's files when the run started; each test works on a temporary copy.
${notes.length ? `\n## What pi cannot express\n\n${notes.map((n) => `- ${n}`).join('\n')}\n` : ''}`;
}

function packageJson(codingAgent: boolean): string {
  return `${JSON.stringify({
    name: 'pi-playground-export',
    private: true,
    type: 'module',
    scripts: { test: 'vitest run' },
    devDependencies: {
      '@earendil-works/pi-agent-core': PI_VERSION,
      '@earendil-works/pi-ai': PI_VERSION,
      ...(codingAgent ? { '@earendil-works/pi-coding-agent': PI_VERSION } : {}),
      typebox: '1.3.7',
      vitest: '4.1.12',
    },
  }, null, 2)}\n`;
}

/**
 * Tools (every tool file of the workspace), hooks, the helpers, the files and one test per scenario. The tests
 * list the tool modules in workspace order, as the playground evaluates them.
 */
export function exportScenariosToPi(input: {
  workspace: Workspace;
  scenarios: ScenarioToExport[];
  /** The virtual filesystem at the start of the runs, by path relative to the workspace root. */
  files?: Record<string, string | Uint8Array>;
}): PiExport {
  const files: ExportFile[] = [];
  const notes: string[] = [];
  const toolStems = uniqueStems(input.workspace.tools.map((t) => t.name), 'tool');
  const toolModules = input.workspace.tools.map((tool, i) => {
    const path = `tools/${toolStems[i]}.ts`;
    const content = tool.kind === 'json-schema'
      ? createJsonSchemaToolModule(tool.source, `${tool.name}.json`)
      : rewriteToolSource(tool.source, { module: `../${RUNTIME_MODULE_FILE}` }).source;
    files.push({ path, content: `// ${tool.name}: exported from the pi tool playground.\n${content}` });
    return `./${path}`;
  });
  const hasHooks = input.workspace.hooks.trim() !== '';
  if (hasHooks) {
    files.push({ path: 'hooks.ts', content: `// Hooks exported from the pi tool playground.\n${rewriteToolSource(input.workspace.hooks, { module: `./${RUNTIME_MODULE_FILE}` }).source}` });
  }
  const fileEntries = Object.entries(input.files ?? {});
  for (const [path, content] of fileEntries) files.push({ path: `files/${path.replace(/^\/+/, '')}`, content });

  const scenarioStems = uniqueStems(input.scenarios.map((s) => s.title), 'scenario');
  input.scenarios.forEach((item, i) => {
    const stem = scenarioStems[i];
    const test = createScenarioTest({
      title: item.title, stem, scenario: item.scenario, events: item.events, toolModules,
      ...(hasHooks ? { hooksModule: './hooks.ts' } : {}),
      ...(fileEntries.length ? { filesFolder: './files' } : {}),
      ...(item.codingTools?.length ? { codingTools: item.codingTools } : {}),
      helperModule: `./${REPLAY_HELPER_FILE}`,
      runtimeModule: `./${RUNTIME_MODULE_FILE}`,
    });
    files.push({ path: `${stem}.test.ts`, content: test.testFile }, { path: `${stem}.events.json`, content: test.eventsFile }, ...test.codeFiles);
    for (const note of test.notes) notes.push(`${item.title}: ${note}`);
  });
  files.push(
    { path: RUNTIME_MODULE_FILE, content: createRuntimeModule() },
    { path: REPLAY_HELPER_FILE, content: REPLAY_HELPER_SOURCE },
    { path: EVENT_SUMMARY_FILE, content: EVENT_SUMMARY_SOURCE },
    { path: 'package.json', content: packageJson(input.scenarios.some((s) => s.codingTools?.length)) },
    { path: 'README.md', content: readme(input.scenarios.length, notes) },
  );
  return { files, notes };
}

/** The files as one zip, inside a top folder. */
export function zipExport(files: ExportFile[], folder = 'pi-export'): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) entries[`${folder}/${file.path}`] = typeof file.content === 'string' ? utf8Encode(file.content) : file.content;
  return zipSync(entries, { level: 6, mtime: new Date('2026-01-01T00:00:00Z') });
}
