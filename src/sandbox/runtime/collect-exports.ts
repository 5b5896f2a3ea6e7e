// Finds the tools (or hooks) a module exposes, in the shapes pi users write: `export const myTool = {...}`,
// `export default {...}`, `export default [a, b]`, `export const tools = [...]`, and pi-coding-agent extensions
// (`export default function (pi) { pi.registerTool({...}) }`). Reports each tool's fields for the host to check.
import { encodeSchemaForTransfer } from '../../ai/schema/index.ts';
import type { FieldReport, ModuleReport, ToolReport } from '../protocol.ts';

export interface FoundTool {
  name: string | undefined;
  tool: Record<string, unknown>;
  report: ToolReport;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/** An object that means to be a tool: it has an execute, parameters, or both a name and a description. */
function looksLikeTool(v: unknown): v is Record<string, unknown> {
  if (!isObject(v) || Array.isArray(v)) return false;
  return 'execute' in v || 'parameters' in v || ('name' in v && 'description' in v);
}

function read(obj: Record<string, unknown>, key: string): { value?: unknown; threw?: boolean } {
  try {
    return { value: obj[key] };
  } catch {
    return { threw: true };
  }
}

export function fieldReport(value: unknown): FieldReport {
  if (value === undefined) return { kind: 'missing' };
  if (value === null) return { kind: 'null' };
  if (Array.isArray(value)) return { kind: 'array' };
  switch (typeof value) {
    case 'string': case 'number': case 'boolean': return { kind: typeof value as 'string', value: value as string };
    case 'function': return { kind: 'function' };
    case 'object': return { kind: 'object' };
    default: return { kind: 'other' };
  }
}

function describeTool(tool: Record<string, unknown>, origin: string, exportName?: string): FoundTool {
  const field = (key: string) => fieldReport(read(tool, key).value);
  const parameters = read(tool, 'parameters').value;
  const sampling = read(tool, 'constrainedSampling').value;
  let samplingJson: unknown;
  try {
    samplingJson = isObject(sampling) ? JSON.parse(JSON.stringify(sampling)) : undefined;
  } catch {
    samplingJson = undefined;
  }
  const name = read(tool, 'name').value;
  const report: ToolReport = {
    origin,
    ...(exportName !== undefined ? { exportName } : {}),
    name: field('name'),
    label: field('label'),
    description: field('description'),
    parametersField: fieldReport(parameters),
    ...(isObject(parameters) && !Array.isArray(parameters) ? { parameters: encodeSchemaForTransfer(parameters) } : {}),
    execute: field('execute'),
    prepareArguments: field('prepareArguments'),
    executionMode: field('executionMode'),
    constrainedSampling: { ...fieldReport(sampling), ...(samplingJson !== undefined ? { json: samplingJson } : {}) },
  };
  return { name: typeof name === 'string' ? name : undefined, tool, report };
}

/** A stand-in for pi-coding-agent's ExtensionAPI: registerTool collects, every other method does nothing. */
function extensionApi(registered: Record<string, unknown>[]): unknown {
  const api: Record<string, unknown> = {
    registerTool(tool: unknown) {
      if (isObject(tool)) registered.push(tool);
    },
  };
  return new Proxy(api, {
    get: (target, key) => (key in target || typeof key === 'symbol' ? Reflect.get(target, key) : () => undefined),
  });
}

export async function collectTools(exports: Record<string, unknown>): Promise<{ tools: FoundTool[]; notes: ModuleReport['notes'] }> {
  const tools: FoundTool[] = [];
  const notes: ModuleReport['notes'] = [];
  const seen = new Set<object>();
  const add = (tool: Record<string, unknown>, origin: string, exportName?: string) => {
    if (seen.has(tool)) return; // the same object exported twice (`export const a`; `export default [a]`)
    seen.add(tool);
    tools.push(describeTool(tool, origin, exportName));
  };
  for (const key of Object.keys(exports)) {
    if (key === '__esModule') continue;
    const value = read(exports, key).value;
    const label = key === 'default' ? 'export default' : `export ${key}`;
    if (Array.isArray(value)) {
      value.forEach((item, i) => { if (looksLikeTool(item)) add(item, `${label}[${i}]`, key); });
    } else if (looksLikeTool(value)) {
      add(value, label, key);
    } else if (key === 'default' && typeof value === 'function') {
      const registered: Record<string, unknown>[] = [];
      await value(extensionApi(registered));
      registered.forEach((tool, i) => add(tool, `registerTool #${i + 1}`, key));
      if (registered.length === 0) {
        notes.push({
          severity: 'warning', exportName: key, code: 'exports.factory-registered-none',
          message: 'The default export is a function that registered no tools (pi.registerTool)',
        });
      }
    }
  }
  if (tools.length === 0 && notes.length === 0) {
    notes.push({
      severity: 'warning',
      code: 'exports.none',
      message: 'This file exports no tools. Export a tool object (export default { name, description, parameters, execute }) or an array of them',
    });
  }
  return { tools, notes };
}

export interface FoundHooks {
  beforeToolCall?: (...args: unknown[]) => unknown;
  afterToolCall?: (...args: unknown[]) => unknown;
  report: ModuleReport['hooks'];
}

/** A code turn's faux factory: the module's default export, a function. */
export function collectTurn(exports: Record<string, unknown>): {
  turn?: (...args: unknown[]) => unknown; report: FieldReport; notes: ModuleReport['notes'];
} {
  const value = read(exports, 'default').value;
  const report = fieldReport(value);
  if (typeof value === 'function') return { turn: value as (...args: unknown[]) => unknown, report, notes: [] };
  return {
    report,
    notes: [{
      severity: 'error', code: 'turn.no-factory', exportName: 'default',
      message: `A code turn must export default a function (context, options, state, model) => turn${report.kind === 'missing' ? '' : `, got a ${report.kind}`}`,
    }],
  };
}

/** beforeToolCall / afterToolCall as named exports, or as members of the default export. */
export function collectHooks(exports: Record<string, unknown>): FoundHooks {
  const fallback = read(exports, 'default').value;
  const pick = (name: string) => {
    const named = read(exports, name).value;
    return named !== undefined ? named : isObject(fallback) ? read(fallback, name).value : undefined;
  };
  const before = pick('beforeToolCall');
  const after = pick('afterToolCall');
  return {
    ...(typeof before === 'function' ? { beforeToolCall: before as FoundHooks['beforeToolCall'] } : {}),
    ...(typeof after === 'function' ? { afterToolCall: after as FoundHooks['afterToolCall'] } : {}),
    report: { beforeToolCall: fieldReport(before), afterToolCall: fieldReport(after) },
  };
}
