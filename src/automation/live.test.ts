// The options runLive takes from a script: the first wrong field is named, so a script author sees what to fix.
import { describe, expect, it } from 'vitest';
import { checkRunLiveOptions } from './live.ts';

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
