/// <reference types="svelte" />
/// <reference types="vite/client" />

/** The starter workspace's modules transpiled at build time (scripts/vite-starter-transpile.ts). */
declare module 'virtual:pi-starter-transpiled' {
  import type { PrecompiledModule } from './sandbox/index.ts';
  export const STARTER_TRANSPILED: readonly (readonly [source: string, module: PrecompiledModule])[];
}
