// The public face of the engine: a drop-in for the loop part of @earendil-works/pi-agent-core 0.85.1 (same entry
// points, parameters, object shapes and events), plus the playground's run entry point, clocks and trace vocabulary.
export { agentLoop, agentLoopContinue, runAgentLoop, runAgentLoopContinue } from './agent-loop.ts';
export { setDefaultStreamFn } from './stream-fn.ts';
export { startPlaygroundRun, type PlaygroundRunRequest } from './playground-run.ts';
export type { AgentEventSink, LoopInstrumentation } from './loop-run.ts';

export {
  EventStream, AssistantMessageEventStream, createAssistantMessageEventStream, createAgentEventStream,
} from './event-stream.ts';
export { RealClock, VirtualClock, type Clock } from './clock.ts';
export { PREPARE_ARGUMENTS_ASYNC, type PrepareArgumentsAsync, type RemotePrepareOutcome } from './remote.ts';
export {
  validateToolArguments, inspectToolArguments, formatValidationPath, type ArgumentInspection,
} from '../ai/validation/index.ts';
export { StringEnum, type StringEnumOptions } from '../ai/schema/index.ts';
export { snapshot } from './trace/snapshot.ts';
export { CompactTrace } from './trace/compact-trace.ts';
export type { ValidationIssue } from '../ai/validation/index.ts';
export type {
  BlockKind, PhaseData, PhaseOutcome, ToolPhase, TraceEvent, TraceEventType, TraceSink,
} from './trace/types.ts';
export type * from './types.ts';
