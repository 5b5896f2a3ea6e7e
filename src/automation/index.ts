// The automation layer's face: the contract's actions over the app state (AutomationController), the URL
// parameters a demo link opens the app with, and the plain-JSON answers a script reads (docs/automation.md).
// A second front end beside the UI: it drives state and never the other way round (docs/decisions/package-map.md).
// The live-model actions stay out of it: the controller loads them on the first runLive().
export { AutomationController, DEFAULT_WAIT_MS, type AutomationHost, type SelectRequest } from './controller.svelte.ts';
export { callsAtCursor, phaseByCall, type CallAtCursor } from './calls.ts';
export {
  AUTOMATION_PARAMS, parseAutomationParams, parseLayout, parseStep,
  type AutomationParams, type ParamProblem, type ParsedParams, type StepTarget,
} from './params.ts';
export { snapshot, statusOf, type SnapshotContext } from './snapshot.ts';
export { applyLayoutParams, applyRunParams, hasAutomationParams } from './startup.ts';
export {
  AUTOMATION_VERSION,
  type ActionResult, type CallPhase, type CaptionState, type LessonState, type LiveState, type PlaygroundState,
  type RecordingLabel, type RecordingState, type SelectionState, type WaitCondition, type WaitResult,
} from './types.ts';
export { welcomeRequest, WELCOME_PARAM } from './welcome.ts';
