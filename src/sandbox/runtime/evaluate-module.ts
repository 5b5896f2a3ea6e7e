// Runs one transpiled tool module (CommonJS from sucrase, line numbers kept) and reports what it exports. The
// code runs as the body of an async function, so top-level await works; its stack frames carry a sourceURL so
// errors can be placed in the user's file. Syntax errors are re-parsed as a script to learn their position.
import type { ModuleReport } from '../protocol.ts';
import { describeThrown } from './transfer.ts';
import type { WorkerScope } from './worker-scope.ts';
import { nativeSetTimeout } from './worker-time.ts';

// eslint-disable-next-line @typescript-eslint/no-empty-function
const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor as new (...args: string[]) => (
  ...args: unknown[]
) => Promise<unknown>;

const PARAMS = ['exports', 'require', 'module'];
let bodyLineOffset: number | undefined;
let nextUrl = 1;
/** sourceURL → fileId, for every module evaluated in this worker. */
const urls = new Map<string, string>();
const probeUrls = new Set<string>();

/** Lines the engine puts before a Function body (its `async function anonymous(...) {` header); measured once. */
async function lineOffset(): Promise<number> {
  if (bodyLineOffset !== undefined) return bodyLineOffset;
  try {
    await new AsyncFunction(...PARAMS, 'throw new Error("probe")\n//# sourceURL=probe-offset.js')();
  } catch (error) {
    const match = /probe-offset\.js:(\d+):\d+/.exec(String((error as Error).stack));
    bodyLineOffset = match ? Number(match[1]) - 1 : 2;
  }
  return bodyLineOffset ?? 2;
}

/** The first stack frame inside an evaluated module, in that module's own line/column numbers. */
export function userFrame(error: unknown): { fileId: string; line: number; column: number } | undefined {
  let stack = '';
  try { stack = error instanceof Error ? String(error.stack ?? '') : ''; } catch { /* a Proxy whose traps throw */ }
  for (const line of stack.split('\n')) {
    const match = /(tool-\d+\.js):(\d+):(\d+)\)?\s*$/.exec(line);
    const fileId = match ? urls.get(match[1]) : undefined;
    if (match && fileId !== undefined) {
      return { fileId, line: Number(match[2]) - (bodyLineOffset ?? 2), column: Number(match[3]) };
    }
  }
  return undefined;
}

export function isSyntaxProbe(url: string): boolean {
  return probeUrls.has(url);
}

/**
 * Where the engine stops parsing `code`: load it as a classic script in a later task and read the position from
 * the uncaught error event (a caught SyntaxError carries no position in V8).
 */
function locateSyntaxError(code: string): Promise<{ line: number; column: number } | undefined> {
  const prefix = `(async function(${PARAMS.join(',')}){`;
  const url = URL.createObjectURL(new Blob([`${prefix}${code}\n})`], { type: 'text/javascript' }));
  probeUrls.add(url);
  return new Promise((resolve) => {
    const scope = globalThis as unknown as WorkerScope;
    const onError = (event: ErrorEvent) => {
      if (event.filename !== url) return;
      event.preventDefault();
      finish({ line: event.lineno, column: event.lineno === 1 ? Math.max(1, event.colno - prefix.length) : event.colno });
    };
    const finish = (at: { line: number; column: number } | undefined) => {
      scope.removeEventListener('error', onError);
      URL.revokeObjectURL(url);
      probeUrls.delete(url);
      resolve(at);
    };
    scope.addEventListener('error', onError);
    nativeSetTimeout(() => {
      scope.importScripts(url); // throws (uncaught) at the syntax error; the error event carries the position
      finish(undefined);
    }, 0);
  });
}

export interface EvaluatedModule {
  exports: Record<string, unknown>;
}

/** Runs the code; the module's exports, or the report of why it failed. */
export async function runModule(
  fileId: string,
  code: string,
  require: (specifier: string) => unknown,
): Promise<{ ok: true; module: EvaluatedModule } | { ok: false; report: ModuleReport }> {
  await lineOffset();
  const url = `tool-${nextUrl++}.js`;
  urls.set(url, fileId);
  const failed = (error: ModuleReport['error']): { ok: false; report: ModuleReport } => ({
    ok: false,
    report: { error, tools: [], hooks: { beforeToolCall: { kind: 'missing' }, afterToolCall: { kind: 'missing' } }, notes: [] },
  });
  let body: (...args: unknown[]) => Promise<unknown>;
  try {
    body = new AsyncFunction(...PARAMS, `${code}\n//# sourceURL=${url}`);
  } catch (error) {
    const at = error instanceof SyntaxError ? await locateSyntaxError(code) : undefined;
    return failed({ kind: 'syntax', message: describeThrown(error), frame: at });
  }
  const module = { exports: {} as Record<string, unknown> };
  try {
    await body.call(undefined, module.exports, require, module);
  } catch (error) {
    const frame = userFrame(error);
    return failed({
      kind: 'evaluation',
      message: describeThrown(error),
      frame: frame && frame.fileId === fileId ? { line: frame.line, column: frame.column } : undefined,
    });
  }
  const exports = module.exports !== null && typeof module.exports === 'object' ? module.exports : { default: module.exports };
  return { ok: true, module: { exports } };
}
