// A stand-in for the sandbox in state and UI tests that are about the app, not about running code: it "evaluates"
// a tool file by reading its `name:` literal (TypeScript) or parsing it (JSON), and reports a diagnostic on every
// line that contains `@problem <message>`. Calls are counted so tests can see what was evaluated.
import type { AgentTool } from '../../engine/index.ts';
import type { Diagnostic, EvaluatedTool, Evaluation, SourceFile, ToolRuntime } from '../run/tool-runtime.ts';

export interface FakeRuntime extends ToolRuntime {
  readonly calls: SourceFile[][];
}

function evaluateFile(file: SourceFile): { tools: EvaluatedTool[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  file.source.split('\n').forEach((line, i) => {
    const marker = /@problem (.*)$/.exec(line);
    if (marker) diagnostics.push({ fileId: file.id, severity: 'error', kind: 'evaluation', message: marker[1], line: i + 1, column: line.indexOf('@problem') + 1 });
  });
  if (file.role === 'hooks' || diagnostics.length > 0) return { tools: [], diagnostics };
  if (file.kind === 'json-schema') {
    try {
      const parsed = JSON.parse(file.source) as { name?: string; description?: string; inputSchema?: Record<string, unknown> };
      const tool: EvaluatedTool = {
        fileId: file.id, name: parsed.name ?? file.name ?? 'tool', description: parsed.description ?? '',
        parameters: (parsed.inputSchema ?? {}) as EvaluatedTool['parameters'], hasExecute: false, hasPrepareArguments: false,
      };
      return { tools: [tool], diagnostics };
    } catch (error) {
      return { tools: [], diagnostics: [{ fileId: file.id, severity: 'error', kind: 'syntax', message: String(error), line: 1, column: 1 }] };
    }
  }
  const name = /\bname\s*:\s*["'`]([^"'`]*)["'`]/.exec(file.source)?.[1];
  if (!name) return { tools: [], diagnostics: [{ fileId: file.id, severity: 'error', kind: 'contract', message: 'The tool has no name', line: 1, column: 1 }] };
  const properties: Record<string, unknown> = {};
  for (const m of file.source.matchAll(/^\s+(\w+): Type\.(String|Number|Integer|Boolean)\(/gm)) properties[m[1]] = { type: m[2].toLowerCase() };
  const tool: EvaluatedTool = {
    fileId: file.id, name, description: /description:\s*"([^"]*)"/.exec(file.source)?.[1] ?? '',
    label: /label:\s*"([^"]*)"/.exec(file.source)?.[1],
    parameters: { type: 'object', properties, required: Object.keys(properties) } as unknown as EvaluatedTool['parameters'],
    hasExecute: true, hasPrepareArguments: false,
  };
  return { tools: [tool], diagnostics };
}

export function createFakeRuntime(): FakeRuntime {
  const calls: SourceFile[][] = [];
  return {
    calls,
    status: 'ready',
    async evaluate(files) {
      calls.push(files);
      const evaluation: Evaluation = { tools: [], hooks: {}, diagnostics: [] };
      for (const file of files) {
        const result = evaluateFile(file);
        evaluation.tools.push(...result.tools);
        evaluation.diagnostics.push(...result.diagnostics);
      }
      return evaluation;
    },
    agentTools(evaluation: Evaluation): AgentTool[] {
      return evaluation.tools.map((t) => ({
        name: t.name, label: t.label ?? t.name, description: t.description, parameters: t.parameters,
        execute: async (_id: string, params: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(params) }], details: { echoed: params } }),
      }));
    },
    hooks: () => ({}),
    setTimeoutMs: () => {},
    restart: async () => {},
    dispose: () => {},
  };
}
