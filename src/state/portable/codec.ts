// What reading and writing share links, workspace files, pi sessions and exports to pi needs: the formats, the
// compression and pi's coding tools. Its own chunk, loaded by PortableState.load() when a dialog opens or the
// address carries a share link, so the first page load does not carry it.
export { exportToolFile, zipExport } from '../../portable/export-pi/index.ts';
export { parsePiSession } from '../../portable/index.ts';
export { previewWorkspace, selectForShare } from '../../portable/index.ts';
export { createShareUrl, decodeShareToken, findShareToken } from '../../portable/index.ts';
export { encodeWorkspaceFile, parseWorkspaceFile, workspaceFileName } from '../../portable/index.ts';
export { preparePiExport } from './export.ts';
