// A first guess at arguments for "Try it": the required properties of a tool's schema, filled with the
// simplest value of each type (enum and const values where the schema names them). Pure; never throws.

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function exampleArguments(schema: unknown, depth = 0): unknown {
  if (!isSchema(schema) || depth > 8) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('default' in schema) return schema.default;
  const union = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
  if (union && union.length > 0) return exampleArguments(union[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': return '';
    case 'number':
    case 'integer': return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean': return false;
    case 'null': return null;
    case 'array': return [];
    case 'object':
    case undefined: {
      if (!isSchema(schema.properties)) return type === 'object' ? {} : null;
      const required = new Set(Array.isArray(schema.required) ? schema.required : []);
      const value: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties)) {
        if (required.has(key)) value[key] = exampleArguments(prop, depth + 1);
      }
      return value;
    }
    default: return null;
  }
}
