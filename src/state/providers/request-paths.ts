// Where things sit inside an encoded request body: the list of tool definitions (the "tools only" view) and
// one tool's entry and schema, so a lint finding anchored in the tool's parameters can be highlighted in the
// body each API sends. Works on any body shape by searching, not by a table per API.

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const decodeToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');
const encodeToken = (token: string | number) => String(token).replace(/~/g, '~0').replace(/\//g, '~1');

export function splitPointer(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(decodeToken);
}

export function joinPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => `/${encodeToken(t)}`).join('');
}

/** The value a JSON pointer names, or undefined when the path does not exist. */
export function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of splitPointer(pointer)) {
    if (Array.isArray(node)) node = /^\d+$/.test(token) ? node[Number(token)] : undefined;
    else if (isRecord(node) && Object.prototype.hasOwnProperty.call(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

/** The deepest prefix of `pointer` that exists in `root`. */
export function deepestExisting(root: unknown, pointer: string): string {
  const tokens = splitPointer(pointer);
  for (let n = tokens.length; n > 0; n--) {
    const candidate = joinPointer(tokens.slice(0, n));
    if (valueAt(root, candidate) !== undefined) return candidate;
  }
  return '';
}

/** Where the tool definitions sit: `tools` for most APIs, `config.tools` (Google), `toolConfig.tools` (Bedrock), `context.tools` (pi). */
const TOOL_LISTS = ['/tools', '/config/tools', '/toolConfig/tools', '/context/tools'];

export function toolsPointer(body: unknown): string | undefined {
  return TOOL_LISTS.find((p) => Array.isArray(valueAt(body, p)));
}

const SCHEMA_KEYS = ['parameters', 'input_schema', 'parametersJsonSchema', 'inputSchema'];

export interface ToolLocation {
  /** The tool's element in the tool list (Google: its function declaration). */
  entry: string;
  /** Its parameters schema, where the API puts it. */
  schema?: string;
}

/** Each tool definition in the list: the entry, and the object holding its name (`function`, `toolSpec`, or itself). */
function* definitions(list: unknown[], at: string): Generator<{ entry: string; named: Record<string, unknown>; namedAt: string }> {
  for (const [i, item] of list.entries()) {
    if (!isRecord(item)) continue;
    if (Array.isArray(item.functionDeclarations)) {
      yield* definitions(item.functionDeclarations, `${at}/${i}/functionDeclarations`);
      continue;
    }
    const entry = `${at}/${i}`;
    if (typeof item.name === 'string') { yield { entry, named: item, namedAt: entry }; continue; }
    for (const [key, child] of Object.entries(item)) {
      if (isRecord(child) && typeof child.name === 'string') { yield { entry, named: child, namedAt: `${entry}/${encodeToken(key)}` }; break; }
    }
  }
}

/** Every tool definition in the body's tool list, in order: its name and its element (Gemini: its declaration). */
export function toolEntries(body: unknown): { name: string; pointer: string }[] {
  const list = toolsPointer(body);
  if (list === undefined) return [];
  return [...definitions(valueAt(body, list) as unknown[], list)].map(({ entry, named }) => ({ name: String(named.name), pointer: entry }));
}

/**
 * Finds a tool in a body by name (exact first, then ignoring case, as Anthropic OAuth sends `read` as
 * `Read`). Undefined when the body has no such tool (e.g. it was left out).
 */
export function locateTool(body: unknown, toolName: string): ToolLocation | undefined {
  const list = toolsPointer(body);
  if (list === undefined) return undefined;
  let loose: ToolLocation | undefined;
  for (const { entry, named, namedAt } of definitions(valueAt(body, list) as unknown[], list)) {
    const key = SCHEMA_KEYS.find((k) => k in named);
    const nested = key === 'inputSchema' && isRecord(named.inputSchema) && 'json' in named.inputSchema;
    const location: ToolLocation = { entry, ...(key ? { schema: `${namedAt}/${key}${nested ? '/json' : ''}` } : {}) };
    if (named.name === toolName) return location;
    if (!loose && String(named.name).toLowerCase() === toolName.toLowerCase()) loose = location;
  }
  return loose;
}

/**
 * The node of `body` to highlight for a finding at `path` (a pointer into the tool's parameters): the tool's
 * entry for tool-level findings (path ''), else the deepest part of the path the API kept (strict rewrites and
 * Anthropic's rebuilt root can drop the exact node).
 */
export function findingPointer(body: unknown, toolName: string, path: string): string | undefined {
  const location = locateTool(body, toolName);
  if (!location) return undefined;
  if (path === '' || location.schema === undefined) return location.entry;
  return deepestExisting(body, location.schema + path) || location.entry;
}
