// What the providers panel computes with: pi-ai's request encoders, the schema lint and the source locator. Its own
// chunk, loaded when the panel first opens (ProvidersState.load), so the first page load does not carry them.
export { lintTools } from '../../ai/lint/index.ts';
export { API_VARIANTS, checkTool, encodeVariants } from '../../ai/providers/index.ts';
export { findingSourcePoint } from './source-lines.ts';
