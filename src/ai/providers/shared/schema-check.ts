// Up-front check of every tool before encoding: a schema that is not JSON (a cycle, a BigInt, a function)
// or not JSON Schema (a misspelt type, `required` that is not a list, a pattern that does not compile)
// becomes an error value naming the tool and the JSON pointer, never an exception. The JSON Schema part
// is the shared structural check in ai/schema; this module adds the plain-JSON part and the pointers.
import { checkParametersSchema } from '../../schema/schema-check.ts';
import { perTool } from './per-tool.ts';

export interface SchemaProblem {
  toolName: string;
  /** JSON pointer into the tool's `parameters` ('' = the root). */
  path: string;
  message: string;
  /** What `message` says, language-free: the tool is not an object, has no name, or its schema is invalid at `path`. */
  code: 'tool-not-object' | 'tool-no-name' | 'invalid-schema';
  /** For 'invalid-schema', what is wrong there: `json.<code>` (not JSON) or `schema.<SchemaIssueCode>`, and its values. */
  detail?: SchemaProblemDetail;
}

export interface SchemaProblemDetail {
  code: string;
  params: Record<string, string>;
}

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointer(parent: string, token: string | number): string {
  return `${parent}/${escapePointerToken(String(token))}`;
}

export const toPointer = (path: readonly (string | number)[]) => path.reduce<string>((acc, token) => pointer(acc, token), '');

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Found { path: string; message: string; detail: SchemaProblemDetail }

/**
 * Plain-JSON problems anywhere in the value (data such as `default` included): cycles, BigInt, functions.
 * `path` is the stack of keys down to `value` (made into a pointer only for a problem); `ancestors` holds each
 * open object with the depth it was entered at.
 */
function findNonJson(value: unknown, path: (string | number)[], ancestors: Map<object, number>): Found | undefined {
  if (typeof value === 'bigint') return { path: toPointer(path), message: 'a BigInt is not JSON', detail: { code: 'json.bigint', params: {} } };
  if (typeof value === 'function' || typeof value === 'symbol') {
    return { path: toPointer(path), message: `a ${typeof value} is not JSON`, detail: { code: `json.${typeof value}`, params: {} } };
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    return { path: toPointer(path), message: `${value} is not a JSON number`, detail: { code: 'json.not-finite', params: { value: String(value) } } };
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const seenDepth = ancestors.get(value);
  if (seenDepth !== undefined) {
    const seenAt = toPointer(path.slice(0, seenDepth));
    return {
      path: toPointer(path), message: `the object refers back to ${seenAt || 'the root'} (a cycle cannot be sent as JSON)`,
      detail: seenAt ? { code: 'json.cycle', params: { target: seenAt } } : { code: 'json.cycle-root', params: {} },
    };
  }
  ancestors.set(value, path.length);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      const found = findNonJson(value[i], path, ancestors);
      path.pop();
      if (found) return found;
    }
  } else {
    for (const key of Object.keys(value)) {
      path.push(key);
      const found = findNonJson((value as Record<string, unknown>)[key], path, ancestors);
      path.pop();
      if (found) return found;
    }
  }
  // Shared (non-cyclic) sub-objects are fine: only ancestors count.
  ancestors.delete(value);
  return undefined;
}

/** The first problem of one tool, or undefined (worked out once per tool revision: see per-tool.ts). */
export function checkTool(tool: unknown, index: number): SchemaProblem | undefined {
  if (!isObj(tool)) return { toolName: `#${index}`, path: '', message: `Tool #${index} is not an object`, code: 'tool-not-object' };
  if (typeof tool.name !== 'string') return { toolName: `#${index}`, path: '', message: `Tool #${index} has no name (a string is required)`, code: 'tool-no-name' };
  return perTool(tool, checkNamedTool, () => checkNamedTool(tool.name as string, tool.parameters));
}

function checkNamedTool(name: string, parameters: unknown): SchemaProblem | undefined {
  const fail = ({ path, message, detail }: Found): SchemaProblem => ({
    toolName: name,
    path,
    message: `Tool "${name}" has an invalid schema at ${path || '/'}: ${message}`,
    code: 'invalid-schema',
    detail,
  });
  const nonJson = findNonJson(parameters, [], new Map());
  if (nonJson) return fail(nonJson);
  const error = checkParametersSchema(parameters).find((issue) => issue.severity === 'error');
  if (!error) return undefined;
  // "got an array" is worded apart from "got string", "got null", ...
  const code = error.code === 'not-object' && error.params.type === 'array' ? 'not-object-array' : error.code;
  return fail({ path: toPointer(error.path), message: error.message, detail: { code: `schema.${code}`, params: error.params } });
}

/** The first problem among the tools, in order. */
export function checkTools(tools: readonly unknown[] | undefined): SchemaProblem | undefined {
  if (!tools) return undefined;
  for (let i = 0; i < tools.length; i++) {
    const problem = checkTool(tools[i], i);
    if (problem) return problem;
  }
  return undefined;
}
