// Portable workspaces: the workspace file, share links, pi session import, export as a pi project, code scans.
export { uniqueById, uniqueScenarioIds, freeId } from './unique-ids.ts';
export { parsePiSession } from './pi-session.ts';
export { previewWorkspace, selectForShare } from './preview.ts';
export { createShareUrl, decodeShareToken, findShareToken, encodeShareToken } from './share-link.ts';
export { encodeWorkspaceFile, parseWorkspaceFile, workspaceFileName } from './workspace-file.ts';
export type { LoopSettings, ToolExecution, ToolFile, ToolSourceKind, Workspace } from './workspace-shape.ts';
export type { PortableError } from './errors.ts';
export type { ImportedSession } from './pi-session.ts';
export type { WorkspacePreview } from './preview.ts';
export type { ShareScope } from './share-link.ts';
export type { IdChange } from './unique-ids.ts';
export type { CodeScan } from './code-scan.ts';
export { PORTABLE_ERROR_CODES } from './errors.ts';
