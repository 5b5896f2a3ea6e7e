// The modules tool code may import, as pi projects write them (`typebox`, `@sinclair/typebox`, pi's packages)
// plus `playground` (sleep, fs), and the same names as globals. Importing anything else fails with a message
// that lists what is available; so does a missing export of a provided module.
import * as TypeBox from 'typebox';
import { Type } from 'typebox';
import { StringEnum } from '../../ai/schema/index.ts';
import type { PlaygroundExportName } from '../playground-module.ts';
import { PROVIDED_MODULES } from '../protocol.ts';
import { FAUX_HELPERS } from './faux-helpers.ts';
import type { HostBridge } from './host-bridge.ts';

/** pi-coding-agent's defineTool is the identity function; it exists for type inference. */
const defineTool = <T>(tool: T): T => tool;

/** Accessing an export the module does not have throws a clear error (at the line that uses it). */
function providedModule(name: string, exports: Record<string, unknown>): Record<string, unknown> {
  const target = { __esModule: true, ...exports };
  return new Proxy(target, {
    get(obj, key) {
      if (typeof key === 'symbol' || key in obj || key === 'then' || key === 'toJSON') return Reflect.get(obj, key);
      const available = Object.keys(exports).filter((k) => k !== 'default').join(', ') || 'only types';
      throw new Error(`"${key}" is not available from "${name}" in the playground (it provides: ${available})`);
    },
  });
}

export interface ModuleTable {
  require(specifier: string): unknown;
}

export function createModuleTable(bridge: HostBridge): ModuleTable {
  const typebox = { ...TypeBox, default: Type };
  const table: Record<string, Record<string, unknown>> = {
    typebox: providedModule('typebox', typebox),
    'typebox/type': providedModule('typebox/type', typebox),
    '@sinclair/typebox': providedModule('@sinclair/typebox', typebox),
    '@earendil-works/pi-ai': providedModule('@earendil-works/pi-ai', { Type, StringEnum, ...FAUX_HELPERS }),
    '@earendil-works/pi-ai/compat': providedModule('@earendil-works/pi-ai/compat', { Type, StringEnum, ...FAUX_HELPERS }),
    '@earendil-works/pi-agent-core': providedModule('@earendil-works/pi-agent-core', {}),
    '@earendil-works/pi-coding-agent': providedModule('@earendil-works/pi-coding-agent', { defineTool }),
    // Its surface is described in ../playground-module.ts (completion, hover, the editor's check use it).
    playground: providedModule('playground', { sleep: bridge.sleep, fs: bridge.fs } satisfies Record<PlaygroundExportName, unknown>),
  };
  return {
    require(specifier: string) {
      const found = table[specifier];
      if (found) return found;
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        throw new Error(`Cannot import "${specifier}": tool files cannot import each other; put shared code in the same file`);
      }
      throw new Error(`Cannot find module "${specifier}". Tool code can import: ${PROVIDED_MODULES.join(', ')}`);
    },
  };
}

/** The globals pi users expect to be able to use without imports in the playground. */
export function installGlobals(bridge: HostBridge): void {
  const globals: Record<string, unknown> = { Type, StringEnum, sleep: bridge.sleep, fs: bridge.fs };
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
  }
}
