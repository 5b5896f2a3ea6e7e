import { describe, expect, it } from 'vitest';
import { checkRunLiveOptions } from '../automation-live.ts';
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

describe('checkRunLiveOptions', () => {
  it('names the first wrong field', () => {
    expect(checkRunLiveOptions(undefined)).toMatch(/^runLive needs/);
    expect(checkRunLiveOptions({ api: 'bedrock-converse-stream', model: 'm', apiKey: 'k' })).toMatch(/^api must be one of anthropic-messages/);
    expect(checkRunLiveOptions({ api: 'anthropic-messages', model: ' ', apiKey: 'k' })).toMatch(/^model /);
    expect(checkRunLiveOptions({ api: 'anthropic-messages', model: 'm', apiKey: 'k', baseUrl: 'javascript:alert(1)' })).toMatch(/^baseUrl /);
    expect(checkRunLiveOptions({ api: 'anthropic-messages', model: 'm', apiKey: 7 })).toMatch(/^apiKey /);
    expect(checkRunLiveOptions({ api: 'anthropic-messages', model: 'm' })).toMatch(/^apiKey /);
    expect(checkRunLiveOptions({ api: 'anthropic-messages', model: 'm', apiKey: 'k', provider: '' })).toMatch(/^provider /);
  });

  it('takes a key, or a base URL of a server that needs none', () => {
    expect(checkRunLiveOptions({ api: 'mistral-conversations', model: 'm', apiKey: 'k' })).toBeNull();
    expect(checkRunLiveOptions({ api: 'openai-completions', model: 'llama3', baseUrl: 'http://localhost:11434/v1' })).toBeNull();
  });
});
