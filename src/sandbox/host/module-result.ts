// Turns the worker's report on one TypeScript module into tools and diagnostics placed in the user's source:
// engine positions mapped back through sucrase's source map, contract problems found by text search.
import type { ModuleReport, ToolReport } from '../protocol.ts';
import type { Diagnostic, EvaluatedTool, SourceFile } from '../types.ts';
import type { FileResult } from './file-result.ts';
import { SourceLocator, type SourcePosition } from './source-locate.ts';
import type { PositionMapper } from './source-map.ts';
import { checkToolReport, type ToolPlacer } from './tool-contract.ts';

function placer(locator: SourceLocator, report: ToolReport, occurrence: number): ToolPlacer {
  const toolOffset = locator.toolOffset(report, occurrence);
  const propertyOffset = (key: string) => locator.propertyOffset(key, toolOffset);
  return {
    tool: () => locator.position(toolOffset),
    property: (key) => locator.position(propertyOffset(key) ?? toolOffset),
    schema: (path) => {
      const parameters = propertyOffset('parameters');
      return locator.position(parameters === undefined ? toolOffset : locator.schemaOffset(parameters, path));
    },
  };
}

export function reportToFileResult(file: SourceFile, report: ModuleReport, map: PositionMapper): FileResult {
  const locator = new SourceLocator(file.source);
  const diagnostics: Diagnostic[] = [];
  const at = (position: SourcePosition) => ({ line: position.line, column: position.column });
  if (report.error) {
    const frame = report.error.frame;
    // Syntax positions come from the engine's parse of the transpiled code; sucrase keeps lines, the map columns.
    const position = frame ? map(frame.line, frame.column) : { line: 1, column: 1 };
    diagnostics.push({ fileId: file.id, severity: 'error', kind: report.error.kind, message: report.error.message, ...at(position) });
  }
  for (const note of report.notes) {
    const offset = locator.exportOffset(note.exportName) ?? 0;
    const params: Record<string, string> = note.exportName ? { export: note.exportName } : {};
    const code = note.code ? { code: note.code, params } : {};
    diagnostics.push({ fileId: file.id, severity: note.severity, kind: 'contract', message: note.message, ...code, ...at(locator.position(offset)) });
  }
  const tools: EvaluatedTool[] = [];
  const seenNames = new Map<string, number>();
  for (const toolReport of report.tools) {
    const name = toolReport.name.kind === 'string' ? String(toolReport.name.value) : '';
    const occurrence = seenNames.get(name) ?? 0;
    seenNames.set(name, occurrence + 1);
    const checked = checkToolReport(file.id, toolReport, placer(locator, toolReport, occurrence));
    diagnostics.push(...checked.diagnostics);
    if (checked.tool) tools.push(checked.tool);
  }
  const hookPositions: FileResult['hookPositions'] = {};
  for (const hook of ['beforeToolCall', 'afterToolCall'] as const) {
    const field = report.hooks[hook];
    if (field.kind === 'missing') continue;
    const offset = locator.exportOffset(hook) ?? locator.propertyOffset(hook, 0) ?? 0;
    hookPositions[hook] = locator.position(offset);
    if (field.kind !== 'function') {
      diagnostics.push({
        fileId: file.id, severity: 'error', kind: 'contract', message: `${hook} must be a function, got a ${field.kind}`,
        code: 'hooks.not-a-function', params: { hook, gotKind: field.kind }, ...at(locator.position(offset)),
      });
    }
  }
  return {
    ...(report.turn?.kind === 'function' ? { turn: true } : {}),
    tools,
    hooks: { beforeToolCall: report.hooks.beforeToolCall.kind === 'function', afterToolCall: report.hooks.afterToolCall.kind === 'function' },
    hookPositions,
    diagnostics,
  };
}
