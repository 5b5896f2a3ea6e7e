// TypeScript + ESM tool modules → CommonJS the sandbox can run, with sucrase, in the app: about a millisecond
// for a typical tool, so it keeps the worker small. Sucrase keeps line numbers; its source map gives columns.
// Sucrase is loaded on first use, so importing the sandbox costs the app nothing until a file is evaluated; sources
// transpiled ahead of time (the starter workspace, at build time: addPrecompiled) need no sucrase at all.
import type { transform as Transform } from 'sucrase';
import { createPositionMapper, type PositionMapper } from './source-map.ts';
import { TRANSPILE_OPTIONS, type PrecompiledModule } from './transpile-options.ts';

export type Transpiled =
  | { ok: true; code: string; map: PositionMapper }
  | { ok: false; message: string; line: number; column: number };

const CACHE_SIZE = 64;
const cache = new Map<string, Transpiled>();
const precompiled = new Map<string, PrecompiledModule>();
let transform: typeof Transform | undefined;
let loading: Promise<void> | undefined;

/** Loads sucrase (once; a failed fetch is tried again on the next call); transpileToolModule needs it. */
export function loadTranspiler(): Promise<void> {
  loading ??= import('sucrase').then(
    (m) => { transform = m.transform; },
    (error: unknown) => { loading = undefined; throw error; },
  );
  return loading;
}

/**
 * Fetches sucrase once the page is idle (the first evaluation has its result: the next edit will need it), so an
 * edit rarely waits for it. A failed fetch is left for the next evaluation to try again.
 */
export function prefetchTranspilerWhenIdle(): void {
  if (transform || loading) return;
  const load = () => { loadTranspiler().catch(() => undefined); };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 200);
}

/** Sources transpiled ahead of time with TRANSPILE_OPTIONS, by source text: these need no sucrase. */
export function addPrecompiled(entries: Iterable<readonly [source: string, module: PrecompiledModule]>): void {
  for (const [source, module] of entries) precompiled.set(source, module);
}

/** Whether transpiling `source` needs sucrase (loadTranspiler) first. */
export function needsTranspiler(source: string): boolean {
  return !transform && !precompiled.has(source);
}

/** Transpiles once per distinct source (a small LRU: editing a file revisits the same few versions). */
export function transpileToolModule(source: string): Transpiled {
  const hit = cache.get(source);
  if (hit) {
    cache.delete(source);
    cache.set(source, hit);
    return hit;
  }
  const ahead = precompiled.get(source);
  const result: Transpiled = ahead ? { ok: true, code: ahead.code, map: createPositionMapper(ahead.mappings) } : transpileUncached(source);
  cache.set(source, result);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return result;
}

function transpileUncached(source: string): Transpiled {
  if (!transform) throw new Error('transpileToolModule called before loadTranspiler() resolved');
  try {
    const out = transform(source, TRANSPILE_OPTIONS);
    return { ok: true, code: out.code, map: createPositionMapper(out.sourceMap?.mappings) };
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    const message = error instanceof Error
      ? error.message.replace(/^Error transforming [^:]*: /, '').replace(/\s*\(\d+:\d+\)$/, '')
      : String(error);
    return { ok: false, message, line: loc?.line ?? 1, column: loc?.column ?? 1 };
  }
}
