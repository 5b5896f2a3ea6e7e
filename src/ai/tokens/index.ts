// Token counts of a tool list: estimates by each model's method, exact counts through the provider's endpoint.
export { countMethod, encodingOf } from './method.ts';
export type { CountMethod, EncodingName } from './method.ts';
export { counterFor, toolTokenFigures } from './tool-tokens.ts';
export type { CountTokens, Encodings, ToolTokenFigures } from './tool-tokens.ts';
