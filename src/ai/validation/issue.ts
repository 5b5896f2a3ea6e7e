// One failed check of a tool call's arguments, as the validator reports it and the trace records it.

export interface ValidationIssue {
  /** pi's path form: `count`, `nested.a`, `root`. */
  path: string;
  /** TypeBox's message, as pi prints it. */
  message: string;
  /** JSON pointer into the instance (`/nested/a`) and the schema keyword location, when known. */
  instancePath?: string;
  schemaPath?: string;
}
