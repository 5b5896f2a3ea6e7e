import { describe, expect, it } from 'vitest';
import { hintFor } from './live-hints.ts';

describe('hintFor', () => {
  it('reads what to do next from pi-ai’s error texts', () => {
    expect(hintFor('401 Incorrect API key provided: [api key removed].')).toBe('key');
    expect(hintFor('{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}')).toBe('key');
    expect(hintFor('429 Rate limit reached for requests. Please try again in 20s.')).toBe('rate-limit');
    expect(hintFor('500 The server had an error while processing your request.')).toBe('server');
    expect(hintFor('Connection error.')).toBe('network');
    expect(hintFor('Failed to fetch')).toBe('network');
    expect(hintFor('Unexpected token t in JSON at position 13')).toBe('stream');
  });

  it('takes a connection lost after the reply began for a broken stream, not a base URL or CORS problem', () => {
    expect(hintFor('network error', true)).toBe('stream');
    expect(hintFor('429 too many requests', true)).toBe('rate-limit');
  });
});
