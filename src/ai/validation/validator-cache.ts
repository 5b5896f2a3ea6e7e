// Compiled TypeBox validators, one per schema object, as pi 0.85.1 caches them (a WeakMap keyed on the schema
// object itself). Formats are checked by TypeBox's own default registry; pi registers nothing extra, nor do we.
import { Compile, type Validator } from 'typebox/compile';
import type { TSchema } from 'typebox';

export type SchemaValidator = Validator;

const compiled = new WeakMap<object, SchemaValidator>();

/**
 * The compiled validator for `schema`, compiled on first use. Throws what `Compile` throws for a schema it
 * cannot build (pi lets that escape from validateToolArguments, so we do too).
 */
export function validatorFor(schema: object): SchemaValidator {
  let validator = compiled.get(schema);
  if (validator === undefined) {
    validator = Compile(schema as TSchema);
    compiled.set(schema, validator);
  }
  return validator;
}

/** As validatorFor, but a sub-schema that does not compile (e.g. a dangling `$ref`) yields undefined. */
export function subValidatorFor(schema: unknown): SchemaValidator | undefined {
  try {
    return validatorFor(schema as object);
  } catch {
    return undefined;
  }
}
