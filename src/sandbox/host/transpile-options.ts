// How tool modules are transpiled: one set of sucrase options for the app (transpile.ts) and for the build step
// that transpiles the starter workspace ahead of time (scripts/vite-starter-transpile.ts), so both give the same
// code and the same source map.
import type { Options } from 'sucrase';

export const TRANSPILE_OPTIONS: Options = {
  transforms: ['typescript', 'imports'],
  // Modern engines run ES2022 as it is; only types and module syntax need rewriting.
  disableESTransforms: true,
  production: true,
  filePath: 'tool.ts',
  sourceMapOptions: { compiledFilename: 'tool.js' },
};

/** A source transpiled ahead of time: the code and its source map's `mappings`. */
export interface PrecompiledModule {
  code: string;
  mappings: string;
}
