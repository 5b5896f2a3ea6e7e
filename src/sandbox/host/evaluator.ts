// Evaluates a set of files: transpiles TypeScript, runs changed modules in the worker, checks JSON Schema files
// in the app, and combines the per-file results (duplicate tool names, hooks exported twice). Results are kept
// per file, so an unchanged file costs nothing and keeps the very same EvaluatedTool objects.
import type { ModuleReport, ModuleRole } from '../protocol.ts';
import type { Diagnostic, Evaluation, EvaluatedHooks, SourceFile } from '../types.ts';
import { diagnosticsOnly, type FileResult } from './file-result.ts';
import { evaluateJsonSchemaFile } from './json-schema-file.ts';
import type { PositionMapper } from './source-map.ts';
import { loadTranspiler, needsTranspiler, prefetchTranspilerWhenIdle, transpileToolModule } from './transpile.ts';
import { reportToFileResult } from './module-result.ts';
import { SandboxLinkError } from './worker-link.ts';

export interface EvaluatorPorts {
  /** Runs a module in the current worker; rejects with a SandboxLinkError when the worker gave up or restarted. */
  evaluate(fileId: string, role: ModuleRole, code: string, label: string): Promise<ModuleReport>;
  drop(fileId: string): void;
}

const fileKey = (f: SourceFile) => `${f.kind}\u0000${f.role ?? 'tool'}\u0000${f.name ?? ''}\u0000${f.source}`;
const displayName = (f: SourceFile) => f.name ?? f.id;

export class Evaluator {
  private readonly results = new Map<string, { key: string; result: FileResult }>();
  /** What the current worker holds, per file (the key of the source it evaluated). */
  private readonly installed = new Map<string, string>();
  /** Sources that never finished evaluating: not sent again (a restart would only hang again). */
  private readonly hanging = new Map<string, string>();
  /** Column mappers of the sources currently installed, to place runtime errors. */
  readonly mappers = new Map<string, PositionMapper>();

  constructor(private readonly ports: EvaluatorPorts) {}

  /** The worker was replaced: nothing is installed any more. */
  workerReset(): void {
    this.installed.clear();
  }

  async run(files: SourceFile[]): Promise<Evaluation> {
    // Sucrase is fetched only for a source not transpiled ahead of time (an edit made before it came waits here).
    if (files.some((f) => f.kind === 'typescript' && needsTranspiler(String(f.source ?? '')))) await loadTranspiler();
    const perFile: { file: SourceFile; result: FileResult }[] = [];
    const ids = new Set(files.map((f) => f.id));
    for (const id of [...this.installed.keys()]) {
      if (!ids.has(id)) { this.installed.delete(id); this.ports.drop(id); }
    }
    for (const id of [...this.results.keys()]) if (!ids.has(id)) this.results.delete(id);
    for (const file of files) perFile.push({ file, result: await this.evaluateFileSafely(file) });
    // The first result is in (without sucrase when the starter was transpiled at build time): fetch it when idle.
    prefetchTranspilerWhenIdle();
    return combine(perFile);
  }

  /** A broken invariant in one file's evaluation becomes that file's diagnostic, never a rejection. */
  private async evaluateFileSafely(file: SourceFile): Promise<FileResult> {
    try {
      return await this.evaluateFile(typeof file.source === 'string' ? file : { ...file, source: String(file.source ?? '') });
    } catch (error) {
      const message = `The file could not be evaluated: ${error instanceof Error ? error.message : String(error)}`;
      return diagnosticsOnly([{ fileId: file.id, severity: 'error', kind: 'evaluation', message, line: 1, column: 1 }]);
    }
  }

  private async evaluateFile(file: SourceFile): Promise<FileResult> {
    const key = fileKey(file);
    const cached = this.results.get(file.id);
    if (file.kind === 'json-schema') {
      if (this.installed.delete(file.id)) this.ports.drop(file.id);
      if (cached?.key === key) return cached.result;
      return this.remember(file.id, key, evaluateJsonSchemaFile(file));
    }
    if (cached?.key === key && (this.installed.get(file.id) === key || this.hanging.get(file.id) === key)) return cached.result;
    const transpiled = transpileToolModule(file.source);
    if (!transpiled.ok) {
      if (this.installed.delete(file.id)) this.ports.drop(file.id);
      const { message, line, column } = transpiled;
      return this.remember(file.id, key, diagnosticsOnly([{ fileId: file.id, severity: 'error', kind: 'syntax', message, line, column }]));
    }
    let report: ModuleReport;
    try {
      report = await this.ports.evaluate(file.id, file.role ?? 'tool', transpiled.code, `Evaluating ${displayName(file)}`);
    } catch (error) {
      const timedOut = error instanceof SandboxLinkError && error.reason === 'timeout';
      if (timedOut) this.hanging.set(file.id, key);
      const message = error instanceof Error ? error.message : String(error);
      // Not remembered unless it hung: a restart in the middle is no property of the file.
      const result = diagnosticsOnly([{ fileId: file.id, severity: 'error', kind: 'evaluation', message, line: 1, column: 1 }]);
      return timedOut ? this.remember(file.id, key, result) : result;
    }
    this.installed.set(file.id, key);
    this.hanging.delete(file.id);
    this.mappers.set(file.id, transpiled.map);
    return this.remember(file.id, key, reportToFileResult(file, report, transpiled.map));
  }

  private remember(fileId: string, key: string, result: FileResult): FileResult {
    this.results.set(fileId, { key, result });
    return result;
  }
}

/** All files together: first tool with a name wins (as pi's lookup), later ones are reported and left out. */
function combine(perFile: { file: SourceFile; result: FileResult }[]): Evaluation {
  const tools: Evaluation['tools'] = [];
  const diagnostics: Diagnostic[] = [];
  const hooks: EvaluatedHooks = {};
  const turns: string[] = [];
  const byName = new Map<string, { file: SourceFile; line?: number }>();
  for (const { file, result } of perFile) {
    diagnostics.push(...result.diagnostics);
    if (result.turn) turns.push(file.id);
    for (const tool of result.tools) {
      const first = byName.get(tool.name);
      if (!first) {
        byName.set(tool.name, { file, line: tool.sourceRange?.line });
        tools.push(tool);
        continue;
      }
      const where = `${first.file.id === file.id ? 'this file' : displayName(first.file)}${first.line ? ` (line ${first.line})` : ''}`;
      diagnostics.push({
        fileId: file.id, severity: 'error', kind: 'contract',
        message: `Duplicate tool name "${tool.name}": already defined in ${where}. pi calls the first tool with a name, so this one is left out`,
        code: 'contract.duplicate-name',
        params: { name: tool.name, ...(first.file.id === file.id ? {} : { file: displayName(first.file) }), ...(first.line ? { line: first.line } : {}) },
        line: tool.sourceRange?.line ?? 1, column: tool.sourceRange?.column ?? 1,
      });
    }
    for (const hook of ['beforeToolCall', 'afterToolCall'] as const) {
      if (!result.hooks[hook]) continue;
      const first = hooks[hook];
      if (!first) hooks[hook] = { fileId: file.id };
      else {
        const other = perFile.find((p) => p.file.id === first.fileId)?.file;
        const at = result.hookPositions?.[hook] ?? { line: 1, column: 1 };
        diagnostics.push({
          fileId: file.id, severity: 'error', kind: 'contract', line: at.line, column: at.column,
          message: `${hook} is already exported by ${other ? displayName(other) : first.fileId}; only the first one is used`,
          code: 'hooks.duplicate', params: { hook, file: other ? displayName(other) : first.fileId },
        });
      }
    }
  }
  return { tools, hooks, diagnostics, ...(turns.length ? { turns } : {}) };
}
