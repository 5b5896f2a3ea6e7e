// Schema helpers shared by the validator, the providers and the sandbox runtime (bundled into it).
export { StringEnum } from './string-enum.ts';
export type { StringEnumOptions } from './string-enum.ts';
export { formatSchemaPath, decodeTransferredSchema, encodeSchemaForTransfer } from './hidden-keys.ts';
export type { SchemaPath, EncodedSchema } from './hidden-keys.ts';
export { parseJsonWithLocations } from './json-locate.ts';
export type { TextSpan } from './json-locate.ts';
export { checkParametersSchema } from './schema-check.ts';
export { encodeStaticTypeDeclaration } from './static-type.ts';
