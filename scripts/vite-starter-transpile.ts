// Build step: `virtual:pi-starter-transpiled` is the starter workspace's tool and hooks modules transpiled with
// sucrase ahead of time (the options the app uses, src/sandbox/host/transpile-options.ts), keyed by the very source
// strings of src/content/examples (imported, not copied), so the first evaluation of the default workspace needs no
// sucrase in the page. The examples are read by transpiling them with sucrase too and running them in Node.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'sucrase';
import type { Plugin } from 'vite';
import { TRANSPILE_OPTIONS, type PrecompiledModule } from '../src/sandbox/host/transpile-options.ts';

const ID = 'virtual:pi-starter-transpiled';
const RESOLVED = `\0${ID}`;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLES = resolve(ROOT, 'src/content/examples/index.ts');

interface Examples {
  STARTER_TOOLS: readonly { kind: string; source: string }[];
  STARTER_HOOKS: string;
}

/** Runs a TypeScript module of relative imports only in Node (the examples are plain data). */
function loadModule(file: string, seen: Map<string, unknown>, read: (file: string) => string): unknown {
  if (seen.has(file)) return seen.get(file);
  const module = { exports: {} as Record<string, unknown> };
  seen.set(file, module.exports);
  const { code } = transform(read(file), { transforms: ['typescript', 'imports'], filePath: file });
  const require = (spec: string) => {
    if (!spec.startsWith('.')) throw new Error(`${file}: the starter examples may only import each other (${spec})`);
    return loadModule(resolve(dirname(file), spec), seen, read);
  };
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  seen.set(file, module.exports);
  return module.exports;
}

export function starterTranspile(): Plugin {
  return {
    name: 'pi-starter-transpile',
    resolveId(id) {
      return id === ID ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const read = (file: string) => {
        this.addWatchFile(file);
        return readFileSync(file, 'utf8');
      };
      const examples = loadModule(EXAMPLES, new Map(), read) as Examples;
      const sources = [...examples.STARTER_TOOLS.filter((t) => t.kind === 'typescript').map((t) => t.source), examples.STARTER_HOOKS];
      const modules: PrecompiledModule[] = sources.map((source) => {
        const out = transform(source, TRANSPILE_OPTIONS);
        return { code: out.code, mappings: out.sourceMap?.mappings ?? '' };
      });
      // The table names the app's own strings, so a source is not shipped twice; the build checks they are the same.
      return [
        `import { STARTER_TOOLS, STARTER_HOOKS } from ${JSON.stringify(EXAMPLES)};`,
        `const sources = [...STARTER_TOOLS.filter((t) => t.kind === 'typescript').map((t) => t.source), STARTER_HOOKS];`,
        `const modules = ${JSON.stringify(modules)};`,
        `const lengths = ${JSON.stringify(sources.map((s) => s.length))};`,
        '/** [source, { code, mappings }] for every starter module (none when the sources changed since the build). */',
        'export const STARTER_TRANSPILED = sources.length === modules.length && sources.every((s, i) => s.length === lengths[i])',
        '  ? sources.map((source, i) => [source, modules[i]]) : [];',
      ].join('\n');
    },
  };
}
