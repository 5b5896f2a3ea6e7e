// Example scenarios about time: parallel against sequential execution, an abort in the middle of a batch, and a
// steering message that arrives while a tool runs. All use the starter tools, whose waits run on the run's clock.
import type { ExampleScenario } from './types.ts';

export const PARALLEL_VS_SEQUENTIAL: ExampleScenario = {
  id: 'parallel-vs-sequential',
  file: {
    title: 'Parallel vs sequential',
    description: 'Two independent 2-second tools in one turn: about 2 s when they run in parallel, about 4 s in sequence. Compare both on one time scale.',
    prompt: 'Fetch the example.com home page and compute fib(30).',
    timing: { tokenSize: { min: 1, max: 3 }, tokensPerSecond: 60 },
    turns: [
      {
        content: [
          { type: 'text', text: 'Both are independent, so I will ask for them in one turn.' },
          { type: 'toolCall', id: 'fetch', name: 'slow_fetch', arguments: { url: 'https://example.com' } },
          { type: 'toolCall', id: 'fib', name: 'slow_compute', arguments: { n: 30 } },
        ],
      },
      { content: 'The page is titled "example.com: Home", and fib(30) = 832040.' },
    ],
  },
};

export const ABORT_MID_BATCH: ExampleScenario = {
  id: 'abort',
  file: {
    title: 'Abort during a tool call',
    description: 'The run is aborted 800 ms into the first fetch. Both tools see the signal; the loop still makes the next request, which ends as aborted.',
    prompt: 'Fetch two pages for me.',
    timing: { tokenSize: 2, tokensPerSecond: 60 },
    turns: [
      {
        content: [
          { type: 'toolCall', id: 'fetch-1', name: 'slow_fetch', arguments: { url: 'https://example.com' } },
          { type: 'toolCall', id: 'fetch-2', name: 'slow_fetch', arguments: { url: 'https://example.org' } },
        ],
      },
      { content: 'This turn is never streamed: the signal has fired.' },
    ],
    abort: { toolCallExecute: 'fetch-1', afterMs: 800 },
  },
};

export const STEERING: ExampleScenario = {
  id: 'steering',
  file: {
    title: 'Steering while a tool runs',
    description: 'A steering message is queued when the first computation starts. pi delivers it after the turn, before the next request.',
    prompt: 'Compute fib(20).',
    timing: { tokenSize: 2, tokensPerSecond: 60 },
    turns: [
      { content: [{ type: 'toolCall', id: 'fib-20', name: 'slow_compute', arguments: { n: 20 } }] },
      {
        content: [
          { type: 'text', text: 'fib(20) = 6765. Now fib(40), as you asked.' },
          { type: 'toolCall', id: 'fib-40', name: 'slow_compute', arguments: { n: 40 } },
        ],
      },
      { content: 'fib(20) = 6765 and fib(40) = 102334155.' },
    ],
    steering: [{ text: 'Also compute fib(40), please.', at: { toolCallStart: 'fib-20' } }],
  },
};
