// Scripted model streams and scenarios: the file format and its parser, the faux-compatible stream function,
// and the runner that wires a scenario into the agent loop.
export {
  ScenarioSchema, TurnSchema, BlockSchema, MomentSchema, SCRIPTED_STOP_REASONS,
  type ScenarioFile, type Moment, type TokenSizeSetting,
} from './format.ts';
export { parseScenario, type ParseScenarioResult, type ScenarioError } from './parse-scenario.ts';
export { normalizeScenario, defaultToolCallId, type Scenario, type InjectedMessage, type DeliveryMode } from './scenario.ts';
export {
  createScriptedStreamFn, createFauxModel, type ScriptedStreamFn, type ScriptedStreamOptions,
} from './scripted-stream.ts';
export type {
  ScriptedTurn, ScriptedBlock, ScriptedText, ScriptedThinking, ScriptedToolCall, ScriptedResponse, ScriptedTurnFactory,
  ScriptedStreamState, StreamTiming,
} from './scripted-turn.ts';
export type { ToolCallArgumentsProgress } from './replay-turn.ts';
export type { TokenSize } from './chunking.ts';
export { lineColumnAt, scanJson, type JsonScan, type ValueSpan } from './json-positions.ts';
export {
  runScenario, type RunScenarioOptions, type ScenarioHooks, type ScenarioRun, type ScenarioRunResult,
} from './run-scenario.ts';
