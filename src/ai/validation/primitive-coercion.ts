// The primitive rules of pi 0.85.1's JSON-Schema coercion: which near-miss values become a number, an integer,
// a boolean, a string or null. Stricter than TypeBox's Value.Convert (no "TRUE", no truncation of "4.9").

/** The coerced value, or `value` itself when the rule for `type` does not apply. */
export function coercePrimitive(value: unknown, type: string): unknown {
  switch (type) {
    case 'number':
    case 'integer': {
      if (value === null) return 0;
      if (typeof value === 'string' && value.trim() !== '') {
        const parsed = Number(value);
        if (type === 'number' ? Number.isFinite(parsed) : Number.isInteger(parsed)) return parsed;
      }
      if (typeof value === 'boolean') return value ? 1 : 0;
      return value;
    }
    case 'boolean':
      if (value === null) return false;
      if (value === 'true' || value === 1) return true;
      if (value === 'false' || value === 0) return false;
      return value;
    case 'string':
      if (value === null) return '';
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return value;
    case 'null':
      return value === '' || value === 0 || value === false ? null : value;
    default:
      return value;
  }
}

/** Whether `value` already has JSON type `type` (an integer is a number too). */
export function matchesJsonType(value: unknown, type: string): boolean {
  switch (type) {
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return false;
  }
}
