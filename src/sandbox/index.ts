// The sandbox's public face: evaluate tool and hooks files in an isolated, killable worker and get pi-shaped
// AgentTools and hooks whose code runs there. See docs/decisions/sandbox-isolation.md for how it is isolated.
export { createSandbox } from './sandbox.ts';
export { SandboxCallError } from './host/proxies.ts';
export { SandboxLinkError } from './host/worker-link.ts';
export { PROVIDED_MODULES } from './protocol.ts';
export { addPrecompiled } from './host/transpile.ts';
export type { PrecompiledModule } from './host/transpile-options.ts';
export type {
  Diagnostic, EvaluatedHooks, EvaluatedTool, Evaluation, FsCapabilityHost, FsEntry, FsOperation, Sandbox,
  SandboxHooks, SandboxLogEntry, SandboxOptions, SandboxStatus, SourceFile, TurnRequest,
} from './types.ts';
