// Up-front check of every tool before encoding: a schema that is not JSON (a cycle, a BigInt, a function)
// or not JSON Schema (a misspelt type, `required` that is not a list, a pattern that does not compile)
// becomes an error value naming the tool and the JSON pointer, never an exception. The JSON Schema part
// is the shared structural check in core/schema; this module adds the plain-JSON part and the pointers.
import { checkParametersSchema } from '../../schema/schema-check';

export interface SchemaProblem {
  toolName: string;
  /** JSON pointer into the tool's `parameters` ('' = the root). */
  path: string;
  message: string;
}

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointer(parent: string, token: string | number): string {
  return `${parent}/${escapePointerToken(String(token))}`;
}

export const toPointer = (path: readonly (string | number)[]) => path.reduce<string>((acc, token) => pointer(acc, token), '');

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Plain-JSON problems anywhere in the value (data such as `default` included): cycles, BigInt, functions. */
function findNonJson(value: unknown, path: string, ancestors: Map<object, string>): { path: string; message: string } | undefined {
  if (typeof value === 'bigint') return { path, message: 'a BigInt is not JSON' };
  if (typeof value === 'function' || typeof value === 'symbol') return { path, message: `a ${typeof value} is not JSON` };
  if (typeof value === 'number' && !Number.isFinite(value)) return { path, message: `${value} is not a JSON number` };
  if (typeof value !== 'object' || value === null) return undefined;
  const seenAt = ancestors.get(value);
  if (seenAt !== undefined) return { path, message: `the object refers back to ${seenAt || 'the root'} (a cycle cannot be sent as JSON)` };
  ancestors.set(value, path);
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [key, child] of entries) {
    const found = findNonJson(child, pointer(path, key), ancestors);
    if (found) return found;
  }
  // Shared (non-cyclic) sub-objects are fine: only ancestors count.
  ancestors.delete(value);
  return undefined;
}

/** The first problem of one tool, or undefined. */
export function checkTool(tool: unknown, index: number): SchemaProblem | undefined {
  if (!isObj(tool)) return { toolName: `#${index}`, path: '', message: `Tool #${index} is not an object` };
  if (typeof tool.name !== 'string') return { toolName: `#${index}`, path: '', message: `Tool #${index} has no name (a string is required)` };
  const name = tool.name;
  const fail = (path: string, message: string): SchemaProblem => ({
    toolName: name,
    path,
    message: `Tool "${name}" has an invalid schema at ${path || '/'}: ${message}`,
  });
  const nonJson = findNonJson(tool.parameters, '', new Map());
  if (nonJson) return fail(nonJson.path, nonJson.message);
  const error = checkParametersSchema(tool.parameters).find((issue) => issue.severity === 'error');
  return error ? fail(toPointer(error.path), error.message) : undefined;
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
