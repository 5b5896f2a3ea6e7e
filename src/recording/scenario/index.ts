// Scripted model streams and scenarios: the file format and its parser, the faux-compatible stream function,
// and the runner that wires a scenario into the agent loop.
export {
  ScenarioSchema, TurnSchema, CodeTurnSchema, LONGEST_WAIT_MS, ScenarioTurnSchema, BlockSchema, MomentSchema, SCRIPTED_STOP_REASONS,
  type ScenarioFile, type BlockTurnFile, type CodeTurnFile, type Moment, type ScenarioModel, type TokenSizeSetting,
} from './format.ts';
export { parseScenario, type ParseScenarioResult, type ScenarioError } from './parse/index.ts';
export {
  normalizeScenario, normalizeBlockTurn, defaultToolCallId, isCodeTurn,
  type Scenario, type ScenarioTurn, type BlockTurn, type CodeTurn, type InjectedMessage, type DeliveryMode,
} from './scenario.ts';
export {
  CodeTurnError, MAX_CODE_TURN_CHARS, codeTurnFailureOf, readReturnedTurn, scriptedResponsesOf, type CodeTurnRequest, type CodeTurnRunner,
} from './code-turn.ts';
export {
  createScriptedStreamFn, createFauxModel, type ScriptedStreamFn, type ScriptedStreamOptions,
} from './scripted-stream.ts';
export type {
  ScriptedTurn, ScriptedBlock, ScriptedText, ScriptedThinking, ScriptedToolCall, ScriptedResponse, ScriptedTurnFactory,
  ScriptedStreamState, StreamTiming,
} from './scripted-turn.ts';
export type { ToolCallArgumentsProgress } from './replay-turn.ts';
export type { TokenSize } from './chunking.ts';
export { CODE_TURN_TEMPLATE } from './code-turn-template.ts';
export { lineColumnAt, scanJson, type JsonScan, type ValueSpan } from './json-positions.ts';
export {
  runScenario, type RunScenarioOptions, type ScenarioHooks, type ScenarioRun, type ScenarioRunResult,
} from './run-scenario.ts';
export { createSeededRandom } from './chunking.ts';
