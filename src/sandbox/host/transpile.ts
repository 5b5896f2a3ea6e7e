// TypeScript + ESM tool modules → CommonJS the sandbox can run, with sucrase, in the app: about a millisecond
// for a typical tool, so it keeps the worker small. Sucrase keeps line numbers; its source map gives columns.
// Sucrase is loaded on first use, so importing the sandbox costs the app nothing until a file is evaluated.
import type { transform as Transform } from 'sucrase';
import { createPositionMapper, type PositionMapper } from './source-map.ts';

export type Transpiled =
  | { ok: true; code: string; map: PositionMapper }
  | { ok: false; message: string; line: number; column: number };

const CACHE_SIZE = 64;
const cache = new Map<string, Transpiled>();
let transform: typeof Transform | undefined;
let loading: Promise<void> | undefined;

/** Loads sucrase (once); transpileToolModule needs it. */
export function loadTranspiler(): Promise<void> {
  loading ??= import('sucrase').then((m) => { transform = m.transform; });
  return loading;
}

/** Transpiles once per distinct source (a small LRU: editing a file revisits the same few versions). */
export function transpileToolModule(source: string): Transpiled {
  const hit = cache.get(source);
  if (hit) {
    cache.delete(source);
    cache.set(source, hit);
    return hit;
  }
  const result = transpileUncached(source);
  cache.set(source, result);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return result;
}

function transpileUncached(source: string): Transpiled {
  if (!transform) throw new Error('transpileToolModule called before loadTranspiler() resolved');
  try {
    const out = transform(source, {
      transforms: ['typescript', 'imports'],
      // Modern engines run ES2022 as it is; only types and module syntax need rewriting.
      disableESTransforms: true,
      production: true,
      filePath: 'tool.ts',
      sourceMapOptions: { compiledFilename: 'tool.js' },
    });
    return { ok: true, code: out.code, map: createPositionMapper(out.sourceMap?.mappings) };
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    const message = error instanceof Error
      ? error.message.replace(/^Error transforming [^:]*: /, '').replace(/\s*\(\d+:\d+\)$/, '')
      : String(error);
    return { ok: false, message, line: loc?.line ?? 1, column: loc?.column ?? 1 };
  }
}
