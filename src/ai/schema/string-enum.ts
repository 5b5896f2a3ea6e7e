// pi-ai's StringEnum helper (0.85.1): a `{ type: "string", enum }` schema instead of TypeBox's anyOf/const
// union, because Google's API and some others refuse anyOf/const. Same output as pi's, built with Type.Unsafe.
import { Type, type TUnsafe } from 'typebox';

export interface StringEnumOptions<T extends string> {
  description?: string;
  default?: T;
}

export function StringEnum<const T extends readonly string[]>(
  values: T,
  options?: StringEnumOptions<T[number]>,
): TUnsafe<T[number]> {
  // Truthiness checks, as pi does: an empty description or default is left out.
  return Type.Unsafe<T[number]>({
    type: 'string',
    enum: values,
    ...(options?.description ? { description: options.description } : {}),
    ...(options?.default ? { default: options.default } : {}),
  });
}
