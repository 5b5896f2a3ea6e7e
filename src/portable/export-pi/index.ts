// Export of a workspace as a runnable pi project (tools, scenarios as tests, replay helper).
export { exportToolFile, zipExport, exportScenariosToPi } from './bundle.ts';
export { comparableSummary, summarizeRecording } from './event-summary.ts';
export type { PiExport, ScenarioToExport, ExportFile } from './bundle.ts';
export type { EventSummary } from './event-summary.ts';
