// Example scenarios about calls that do not run as written: invalid arguments and a retry, a call blocked by the
// beforeToolCall hook, a tool that does not exist, and a response cut off at the output-token limit.
import type { ExampleScenario } from './types.ts';

export const VALIDATION_RETRY: ExampleScenario = {
  id: 'validation-retry',
  file: {
    title: 'Validation failure and retry',
    description: '"kelvin" is not one of the allowed units, so validation fails and execute never runs. The model reads the error and retries.',
    prompt: 'What is the weather in Paris, in kelvin?',
    timing: { tokenSize: 2, tokensPerSecond: 60 },
    turns: [
      { content: [{ type: 'toolCall', id: 'weather-1', name: 'get_weather', arguments: { city: 'Paris', units: 'kelvin' } }] },
      {
        content: [
          { type: 'text', text: 'Kelvin is not supported; I will ask in celsius.' },
          { type: 'toolCall', id: 'weather-2', name: 'get_weather', arguments: { city: 'Paris', units: 'celsius' } },
        ],
      },
      { content: 'It is 1°C in Paris with light rain, which is about 274 K.' },
    ],
  },
};

export const BLOCKED_CALL: ExampleScenario = {
  id: 'blocked-call',
  file: {
    title: 'A call blocked by beforeToolCall',
    description: 'deploy runs one call at a time. The staging deploy runs; the starter hooks block the production deploy, and the reason becomes its result.',
    prompt: 'Deploy v1.4.2 to staging and to production.',
    timing: { tokenSize: 2, tokensPerSecond: 60 },
    turns: [
      {
        content: [
          { type: 'toolCall', id: 'staging', name: 'deploy', arguments: { environment: 'staging', version: 'v1.4.2' } },
          { type: 'toolCall', id: 'production', name: 'deploy', arguments: { environment: 'production', version: 'v1.4.2' } },
        ],
      },
      { content: 'v1.4.2 is on staging. Deploying to production needs your approval: shall I go ahead?' },
    ],
  },
};

export const UNKNOWN_TOOL: ExampleScenario = {
  id: 'unknown-tool',
  file: {
    title: 'A tool that does not exist',
    description: 'The model calls search_web, which is not among the tools. pi answers with "Tool search_web not found" and the other call still runs.',
    prompt: 'Search the web for the weather in Oslo.',
    timing: { tokenSize: 2, tokensPerSecond: 60 },
    turns: [
      {
        content: [
          { type: 'toolCall', id: 'search', name: 'search_web', arguments: { query: 'weather Oslo' } },
          { type: 'toolCall', id: 'weather', name: 'get_weather', arguments: { city: 'Oslo' } },
        ],
      },
      { content: 'I cannot search the web, but get_weather says Oslo is sunny at 23°C.' },
    ],
  },
};

export const LENGTH_CUTOFF: ExampleScenario = {
  id: 'length-cutoff',
  file: {
    title: 'Cut off at the token limit',
    description: 'The response stops at the output-token limit in the middle of the arguments. pi does not run any call of that message and tells the model why.',
    prompt: 'Echo a long sentence back to me.',
    timing: { tokenSize: 2, tokensPerSecond: 60 },
    turns: [
      {
        content: [{ type: 'toolCall', id: 'echo-1', name: 'echo', rawArguments: '{"text": "The quick brown fox jumps over the la' }],
        stopReason: 'length',
      },
      { content: [{ type: 'toolCall', id: 'echo-2', name: 'echo', arguments: { text: 'The quick brown fox jumps over the lazy dog.' } }] },
      { content: 'Done: the sentence came back unchanged.' },
    ],
  },
};
