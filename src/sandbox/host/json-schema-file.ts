// JSON Schema mode: raw schemas pasted from an MCP server. Accepts an MCP tool `{ name, description,
// inputSchema }`, a list of them (or `{ tools: [...] }` as tools/list returns it), or a bare parameters schema
// named after its file. Everything is checked here, in the app; no code runs, so there is no execute.
import type { TSchema } from 'typebox';
import { formatSchemaPath, type SchemaPath } from '../../ai/schema/index.ts';
import { parseJsonWithLocations, type TextSpan } from '../../ai/schema/index.ts';
import { checkParametersSchema } from '../../ai/schema/index.ts';
import type { Diagnostic, EvaluatedTool, SourceFile } from '../types.ts';
import { diagnosticsOnly, NO_HOOKS, type FileResult } from './file-result.ts';
import { checkToolName } from './tool-contract.ts';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export function evaluateJsonSchemaFile(file: SourceFile): FileResult {
  const parsed = parseJsonWithLocations(file.source);
  if (!parsed.ok) {
    return diagnosticsOnly([{ fileId: file.id, severity: 'error', kind: 'syntax', message: parsed.message, line: parsed.line, column: parsed.column }]);
  }
  const diagnostics: Diagnostic[] = [];
  const at = (path: SchemaPath, preferKey = true): TextSpan => {
    // The deepest part of the path that exists in the text.
    for (let n = path.length; n >= 0; n--) {
      const loc = parsed.locate(path.slice(0, n));
      if (loc) return preferKey && loc.key ? loc.key : loc.value;
    }
    return { line: 1, column: 1, endLine: 1, endColumn: 1 };
  };
  const add = (severity: Diagnostic['severity'], kind: Diagnostic['kind'], message: string, path: SchemaPath, code: string, params: Record<string, string> = {}) => {
    const span = at(path);
    diagnostics.push({
      fileId: file.id, severity, kind, message, line: span.line, column: span.column, endLine: span.endLine, endColumn: span.endColumn, code, params,
    });
  };

  const tools: EvaluatedTool[] = [];
  const addTool = (name: string, description: unknown, schema: unknown, schemaPath: SchemaPath, toolPath: SchemaPath, label?: unknown) => {
    const toolLabel = `Tool "${name}"`;
    const nameWarning = checkToolName(name, toolLabel);
    const tool = { tool: name };
    if (nameWarning) add('warning', 'contract', nameWarning, [...toolPath, 'name'], 'contract.name-format', tool);
    if (description === undefined) {
      add('warning', 'contract', `${toolLabel} has no description; the model reads it to decide when to call the tool`, toolPath, 'contract.no-description', tool);
    } else if (typeof description !== 'string') {
      add('error', 'contract', `${toolLabel}: "description" must be a string`, [...toolPath, 'description'], 'contract.description-not-string', tool);
    }
    for (const issue of checkParametersSchema(schema)) {
      const path = formatSchemaPath(issue.path, 'inputSchema');
      add(issue.severity, 'schema', `${toolLabel}: ${path}: ${issue.message}`, [...schemaPath, ...issue.path], `schema.${issue.code}`, { ...tool, path, ...issue.params });
    }
    if (!isObject(schema)) return;
    const start = at(toolPath, false);
    tools.push({
      fileId: file.id, name, description: typeof description === 'string' ? description : '',
      ...(typeof label === 'string' ? { label } : {}),
      parameters: schema as TSchema, hasExecute: false, hasPrepareArguments: false,
      sourceRange: { line: start.line, column: start.column },
    });
  };
  const addMcpTool = (entry: unknown, path: SchemaPath) => {
    if (!isObject(entry)) return add('error', 'contract', 'Expected an MCP tool object { name, description, inputSchema }', path, 'json.not-mcp-tool');
    if (typeof entry.name !== 'string' || entry.name === '') {
      return add('error', 'contract', 'The MCP tool has no name: "name" must be a non-empty string', [...path, 'name'], 'json.mcp-no-name');
    }
    if (!('inputSchema' in entry)) return add('error', 'contract', `Tool "${entry.name}" has no inputSchema`, path, 'json.no-input-schema', { tool: entry.name });
    const annotations = isObject(entry.annotations) ? entry.annotations : {};
    addTool(entry.name, entry.description, entry.inputSchema, [...path, 'inputSchema'], path, entry.title ?? annotations.title);
  };

  const root = parsed.value;
  if (Array.isArray(root)) root.forEach((entry, i) => addMcpTool(entry, [i]));
  else if (isObject(root) && Array.isArray(root.tools)) root.tools.forEach((entry, i) => addMcpTool(entry, ['tools', i]));
  // An object with a name but no schema keywords is an MCP tool too (one that lacks its inputSchema).
  else if (isObject(root) && ('inputSchema' in root || (typeof root.name === 'string' && !('type' in root) && !('properties' in root)))) {
    addMcpTool(root, []);
  }
  else {
    const name = (file.name ?? '').replace(/\.(json|schema\.json)$/i, '');
    if (!name) add('error', 'contract', 'A bare JSON Schema is named after its file, and this file has no name', [], 'json.bare-schema-unnamed');
    else addTool(name, isObject(root) ? root.description : undefined, root, [], []);
  }
  if (tools.length === 0 && diagnostics.length === 0) add('warning', 'contract', 'This file defines no tools', [], 'json.no-tools');
  return { tools, hooks: { ...NO_HOOKS }, diagnostics };
}
