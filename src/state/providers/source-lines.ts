// Where a lint finding is written in the tool's source, so the panel can reveal that line in the editor:
// JSON Schema files through the located JSON parse (exact), TypeScript files by following `parameters` to the
// schema and then each property name (text search, the sandbox's SourceLocator), falling back to the tool.
import type { LintFinding } from '../../ai/lint/index.ts';
import { parseJsonWithLocations } from '../../ai/schema/index.ts';
import { SourceLocator } from '../../sandbox/host/source-locate.ts';
import type { EvaluatedTool } from '../run/tool-runtime.ts';
import { splitPointer } from './request-paths.ts';

export interface SourcePoint {
  line: number;
  column: number;
}

type Finding = Pick<LintFinding, 'rule' | 'toolName' | 'path'>;

const NAME_RULES = new Set(['tool-name-invalid', 'duplicate-tool-name', 'oauth-name-collision']);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function offsetOf(source: string, point: SourcePoint | undefined): number | undefined {
  if (!point) return undefined;
  let offset = 0;
  for (let line = 1; line < point.line; line++) {
    const next = source.indexOf('\n', offset);
    if (next < 0) return undefined;
    offset = next + 1;
  }
  return offset + Math.max(0, point.column - 1);
}

function inTypeScript(source: string, tool: EvaluatedTool, finding: Finding): SourcePoint {
  const locator = new SourceLocator(source);
  const toolAt = offsetOf(source, tool.sourceRange) ?? 0;
  const at = (offset: number) => locator.position(offset);
  if (finding.path === '') {
    if (NAME_RULES.has(finding.rule)) return at(toolAt);
    if (finding.rule === 'missing-description') return at(locator.propertyOffset('description', toolAt) ?? toolAt);
  }
  const parametersAt = locator.propertyOffset('parameters', toolAt) ?? toolAt;
  const segments = splitPointer(finding.path);
  let offset = locator.schemaOffset(parametersAt, segments);
  // A keyword under the last property (…/minLength): written a little after that property, when written at all.
  const keyword = segments.at(-1);
  if (keyword !== undefined && segments.at(-2) !== 'properties' && !/^\d+$/.test(keyword)) {
    const window = source.slice(offset, offset + 400);
    const hit = new RegExp(`(?<![\\w$])["']?${keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?\\s*:`).exec(window);
    if (hit) offset += hit.index;
  }
  return at(offset);
}

function inJson(source: string, finding: Finding): SourcePoint | undefined {
  const parsed = parseJsonWithLocations(source);
  if (!parsed.ok) return undefined;
  const root = parsed.value;
  // The same file shapes the sandbox accepts: a list of MCP tools, { tools: [...] }, one MCP tool, or a bare schema.
  let toolPath: (string | number)[] | undefined;
  let schemaPath: (string | number)[];
  const entries = Array.isArray(root) ? root : isRecord(root) && Array.isArray(root.tools) ? root.tools : undefined;
  if (entries) {
    const index = entries.findIndex((e) => isRecord(e) && e.name === finding.toolName);
    toolPath = Array.isArray(root) ? [Math.max(0, index)] : ['tools', Math.max(0, index)];
    schemaPath = [...toolPath, 'inputSchema'];
  } else if (isRecord(root) && 'inputSchema' in root) {
    toolPath = [];
    schemaPath = ['inputSchema'];
  } else {
    schemaPath = [];
  }
  let target = [...schemaPath, ...splitPointer(finding.path)];
  if (finding.path === '' && toolPath) {
    if (NAME_RULES.has(finding.rule)) target = [...toolPath, 'name'];
    else if (finding.rule === 'missing-description') target = toolPath;
  }
  for (let n = target.length; n >= 0; n--) {
    const location = parsed.locate(target.slice(0, n));
    if (location) {
      const span = location.key ?? location.value;
      return { line: span.line, column: span.column };
    }
  }
  return undefined;
}

/** The line and column (1-based) to reveal for a finding about `tool`, read from its file's source. */
export function findingSourcePoint(kind: 'typescript' | 'json-schema', source: string, tool: EvaluatedTool, finding: Finding): SourcePoint {
  const fallback = tool.sourceRange ?? { line: 1, column: 1 };
  try {
    return (kind === 'json-schema' ? inJson(source, finding) : inTypeScript(source, tool, finding)) ?? fallback;
  } catch {
    return fallback; // a pattern built from an odd property name: the tool itself is still a useful place
  }
}
