// Checks what a module exported against pi's tool contract (name, label, description, parameters, execute,
// prepareArguments, executionMode, constrainedSampling) and turns each report into an EvaluatedTool plus
// diagnostics anchored in the user's source.
import type { TSchema } from 'typebox';
import { decodeTransferredSchema, formatSchemaPath, type SchemaPath } from '../../ai/schema/index.ts';
import { checkParametersSchema } from '../../ai/schema/index.ts';
import type { ConstrainedSamplingConfig } from '../../ai/index.ts';
import type { FieldReport, ToolReport } from '../protocol.ts';
import type { Diagnostic, EvaluatedTool } from '../types.ts';
import type { SourcePosition } from './source-locate.ts';

/** Most providers accept only these names (OpenAI, Anthropic, Google all say so). */
const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Where things are in the file: the tool, a property of it, a path in its schema. */
export interface ToolPlacer {
  tool(): SourcePosition;
  property(key: string): SourcePosition;
  schema(path: SchemaPath): SourcePosition;
}

const describeKind = (f: FieldReport) => (f.kind === 'string' ? `the string ${JSON.stringify(f.value)}` : f.kind === 'missing' ? 'nothing' : `a ${f.kind}`);
/** The parts of describeKind, as diagnostic params (`got` is worded by the UI from these). */
const gotParams = (f: FieldReport) => ({ gotKind: f.kind, ...(f.kind === 'string' ? { gotValue: JSON.stringify(f.value) } : {}) });

export function checkToolName(name: string, tool: string): string | undefined {
  return PROVIDER_NAME.test(name) ? undefined
    : `${tool}: most providers only accept tool names of 1-64 letters, digits, "_" or "-"`;
}

function validSampling(f: ToolReport['constrainedSampling']): false | ConstrainedSamplingConfig | undefined | 'invalid' {
  if (f.kind === 'missing') return undefined;
  if (f.kind === 'boolean' && f.value === false) return false;
  const json = f.json as { type?: unknown; strict?: unknown; variants?: unknown } | undefined;
  if (json?.type === 'json_schema' && (json.strict === 'prefer' || json.strict === 'require')) return json as ConstrainedSamplingConfig;
  if (json?.type === 'grammar' && json.variants !== null && typeof json.variants === 'object') return json as ConstrainedSamplingConfig;
  return 'invalid';
}

/**
 * The EvaluatedTool for a report (undefined when it has no usable name or parameters) and every problem found.
 * Missing description/execute are errors but keep the tool, so its schema can still be shown.
 */
export function checkToolReport(fileId: string, report: ToolReport, place: ToolPlacer): { tool?: EvaluatedTool; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const nameOk = report.name.kind === 'string' && report.name.value !== '';
  const toolLabel = nameOk ? `Tool "${report.name.value}"` : `The tool from ${report.origin}`;
  // Who the message is about, for the UI's wording: the tool's name, or else where it came from.
  type Params = Record<string, string | number>;
  const subject: Params = nameOk ? { tool: String(report.name.value) } : { origin: report.origin };
  const add = (severity: Diagnostic['severity'], kind: Diagnostic['kind'], message: string, at: SourcePosition, code: string, params: Params) =>
    diagnostics.push({ fileId, severity, kind, message, line: at.line, column: at.column, code, params: { ...subject, ...params } });
  const contract = (severity: Diagnostic['severity'], code: string, message: string, key?: string, params: Params = {}) =>
    add(severity, 'contract', message, key ? place.property(key) : place.tool(), `contract.${code}`, params);

  if (!nameOk) contract('error', 'no-name', `${toolLabel} has no name: "name" must be a non-empty string, got ${describeKind(report.name)}`, undefined, gotParams(report.name));
  else {
    const warning = checkToolName(String(report.name.value), toolLabel);
    if (warning) contract('warning', 'name-format', warning, 'name');
  }
  if (report.description.kind === 'missing') contract('error', 'no-description', `${toolLabel} has no description; the model reads it to decide when to call the tool`);
  else if (report.description.kind !== 'string') {
    contract('error', 'description-type', `${toolLabel}: "description" must be a string, got ${describeKind(report.description)}`, 'description', gotParams(report.description));
  }
  if (report.label.kind === 'missing') contract('warning', 'no-label', `${toolLabel} has no label; pi's AgentTool requires one (it is shown in UIs, never sent to the model)`);
  else if (report.label.kind !== 'string') {
    contract('warning', 'label-type', `${toolLabel}: "label" should be a string, got ${describeKind(report.label)}`, 'label', gotParams(report.label));
  }
  if (report.execute.kind === 'missing') contract('error', 'no-execute', `${toolLabel} has no execute function`);
  else if (report.execute.kind !== 'function') {
    contract('error', 'execute-type', `${toolLabel}: "execute" must be a function, got ${describeKind(report.execute)}`, 'execute', gotParams(report.execute));
  }
  if (!['missing', 'function'].includes(report.prepareArguments.kind)) {
    contract('error', 'prepare-arguments-type', `${toolLabel}: "prepareArguments" must be a function, got ${describeKind(report.prepareArguments)}`, 'prepareArguments', gotParams(report.prepareArguments));
  }
  const mode = report.executionMode;
  const modeOk = mode.kind === 'missing' || mode.value === 'sequential' || mode.value === 'parallel';
  if (!modeOk) {
    contract('error', 'execution-mode', `${toolLabel}: "executionMode" must be "sequential" or "parallel", got ${describeKind(mode)}`, 'executionMode', gotParams(mode));
  }
  const sampling = validSampling(report.constrainedSampling);
  if (sampling === 'invalid') {
    contract('error', 'constrained-sampling', `${toolLabel}: "constrainedSampling" must be false, { type: "json_schema", strict: "prefer" | "require" } or { type: "grammar", variants }`, 'constrainedSampling');
  }

  let parameters: TSchema | undefined;
  if (report.parametersField.kind === 'missing') contract('error', 'no-parameters', `${toolLabel} has no parameters schema`);
  else if (!report.parameters) {
    contract('error', 'parameters-type', `${toolLabel}: "parameters" must be a JSON Schema object, got ${describeKind(report.parametersField)}`, 'parameters', gotParams(report.parametersField));
  } else {
    for (const issue of checkParametersSchema(report.parameters.data)) {
      const path = formatSchemaPath(issue.path);
      add(issue.severity, 'schema', `${toolLabel}: ${path}: ${issue.message}`, place.schema(issue.path), `schema.${issue.code}`, { path, ...issue.params });
    }
    for (const part of report.parameters.dropped) {
      const where = formatSchemaPath([...part.path, ...(part.key ? [part.key] : [])]);
      const what = part.reason === 'symbol' ? 'symbol' : part.reason === 'too-deep' ? 'too deeply nested value' : 'function';
      const message = part.reason === 'hidden-function'
        ? `${where} holds functions (a TypeBox refinement or codec) that cannot leave the sandbox; validation in the playground ignores them`
        : part.reason === 'circular' ? `${where} refers back to itself; the circular part was left out`
        : `${where} is a ${what}; it was left out`;
      const code = part.reason === 'hidden-function' ? 'schema.hidden-function' : part.reason === 'circular' ? 'schema.dropped-circular'
        : part.reason === 'symbol' ? 'schema.dropped-symbol' : part.reason === 'too-deep' ? 'schema.dropped-too-deep' : 'schema.dropped-function';
      add(part.reason === 'circular' ? 'error' : 'warning', 'schema', `${toolLabel}: ${message}`, place.schema(part.path), code, { path: where });
    }
    parameters = decodeTransferredSchema(report.parameters) as TSchema;
  }

  if (!nameOk || !parameters) return { diagnostics };
  const at = place.tool();
  const tool: EvaluatedTool = {
    fileId,
    name: String(report.name.value),
    ...(report.label.kind === 'string' ? { label: String(report.label.value) } : {}),
    description: report.description.kind === 'string' ? String(report.description.value) : '',
    parameters,
    ...(modeOk && mode.kind !== 'missing' ? { executionMode: mode.value as 'sequential' | 'parallel' } : {}),
    ...(sampling !== undefined && sampling !== 'invalid' ? { constrainedSampling: sampling } : {}),
    hasExecute: report.execute.kind === 'function',
    hasPrepareArguments: report.prepareArguments.kind === 'function',
    sourceRange: { line: at.line, column: at.column },
  };
  return { tool, diagnostics };
}
