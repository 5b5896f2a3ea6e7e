// What reading and writing share links, workspace files, pi sessions and exports to pi needs: the formats, the
// compression and pi's coding tools. Its own chunk, loaded by PortableState.load() when a dialog opens or the
// address carries a share link, so the first page load does not carry it.
export { exportToolFile, zipExport } from '../core/portable/export-pi/bundle.ts';
export { parsePiSession } from '../core/portable/pi-session.ts';
export { previewWorkspace, selectForShare } from '../core/portable/preview.ts';
export { createShareUrl, decodeShareToken, findShareToken } from '../core/portable/share-link.ts';
export { encodeWorkspaceFile, parseWorkspaceFile, workspaceFileName } from '../core/portable/workspace-file.ts';
export { preparePiExport } from './portable-export.ts';
