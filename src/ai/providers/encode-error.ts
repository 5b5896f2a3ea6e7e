// The one expected failure an encoder can hit while building a body (a tool that requires strict sampling
// on an API without it, an image type Bedrock cannot carry, ...). Encoders stop at the first one; index.ts
// is the only place that catches it and turns it into an `{ ok: false }` value.

/** An expected encode failure whose message is shown to the user as-is (pi's own wording where pi has one). */
export class EncodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EncodeError';
  }
}
