// Scenario fixtures for the export test: each exercises something the export must carry over to the real pi
// (parallel and sequential batches, onUpdate, hooks, validation, prepareArguments, fs, unknown tools, length
// cut-offs, errors, aborts, steering, follow-up, pacing and delays, a JSON Schema tool). They run with the starter
// workspace unless they bring their own tools.
import type { ScenarioFile } from '../../src/recording/scenario/index.ts';

export interface ExportFixture {
  title: string;
  scenario: ScenarioFile;
  /** Extra tool files for this fixture (added after the starter tools). */
  extraTools?: { id: string; name: string; kind: 'typescript' | 'json-schema'; source: string }[];
}

const call = (name: string, args: unknown, id?: string) => ({ type: 'toolCall' as const, name, arguments: args, ...(id ? { id } : {}) });

export const EXPORT_FIXTURES: ExportFixture[] = [
  {
    title: 'Two slow fetches in parallel',
    scenario: {
      prompt: 'Fetch the two home pages.',
      turns: [
        { content: [{ type: 'text', text: 'Fetching both at once.' }, call('slow_fetch', { url: 'https://example.com' }), call('slow_fetch', { url: 'https://pi.dev' })] },
        { content: 'Both pages answered 200 OK.' },
      ],
    },
  },
  {
    title: 'Deploys in sequence, production blocked by beforeToolCall',
    scenario: {
      prompt: 'Deploy v1.4.2 everywhere.',
      turns: [
        { content: [call('deploy', { environment: 'staging', version: 'v1.4.2' }), call('deploy', { environment: 'production', version: 'v1.4.2' }), call('echo', { text: 'done' })] },
        { content: 'Staging is deployed; production needs your approval.' },
      ],
    },
  },
  {
    title: 'Validation failure, then a corrected call',
    scenario: {
      prompt: 'Weather in Paris in kelvin, and 6 times 7.',
      toolExecution: 'sequential',
      turns: [
        { content: [{ type: 'thinking', thinking: 'Kelvin is not offered; try anyway.' }, call('get_weather', { city: 'Paris', units: 'kelvin' }), call('calculate', { expression: '6 * 7' })] },
        { content: [call('get_weather', { city: 'Paris', units: 'celsius' }), call('calculate', { expression: '1 / 0' })] },
        { content: 'Paris is mild; 6 × 7 = 42, and dividing by zero is not allowed.' },
      ],
    },
  },
  {
    title: 'Files: list with an old argument name, read a missing and a present file',
    scenario: {
      prompt: 'What is on the to-do list?',
      turns: [
        { content: [call('list_dir', { dir: 'notes' }), call('read_file', { path: 'notes/missing.md' }), call('read_file', { path: 'notes/todo.md', offset: 2, limit: 2 })] },
        { content: [call('list_dir', { path: '/etc' })] },
        { content: 'The list has three deploy steps.' },
      ],
    },
  },
  {
    title: 'Unknown tool, a length cut-off and an exhausted script',
    scenario: {
      prompt: ['Translate this.', 'Into French, please.'],
      turns: [
        { content: [call('translate', { text: 'hello' }, 'first-call')] },
        { content: [{ type: 'text', text: 'Let me echo it' }, { type: 'toolCall', name: 'echo', rawArguments: '{"text":"bonj' }], stopReason: 'length' },
      ],
    },
  },
  {
    title: 'A provider error ends the run',
    scenario: {
      systemPrompt: 'Be brief.',
      prompt: 'Hi',
      turns: [{ content: [{ type: 'text', text: 'Hel' }], stopReason: 'error', errorMessage: 'Provider finish_reason: network_error' }],
    },
  },
  {
    title: 'Abort while a deploy is running',
    scenario: {
      prompt: 'Deploy to staging.',
      turns: [
        { content: [call('deploy', { environment: 'staging', version: 'v2.0.0' }), call('echo', { text: 'never runs' })] },
        { content: 'This response is never streamed.' },
      ],
      abort: { toolCallExecute: 'call_1_1', afterMs: 500 },
    },
  },
  {
    title: 'Steering during a slow batch, then a follow-up',
    scenario: {
      prompt: 'Compute fib(10) and fib(20).',
      turns: [
        { content: [call('slow_compute', { n: 10 }), call('slow_compute', { n: 20 })] },
        { content: [call('slow_compute', { n: 30 })] },
        { content: 'fib(30) = 832040.' },
        { content: 'Anything else?' },
      ],
      steering: [{ text: 'Also compute fib(30).', at: { toolCallStart: 'call_1_2', afterMs: 1000 } }],
      followUp: [{ text: 'Thanks!', at: { beforeTurn: 3 } }],
    },
  },
  {
    title: 'Paced streaming with delays and a timed steering message',
    scenario: {
      prompt: 'Echo two things slowly.',
      timing: { tokenSize: 2, tokensPerSecond: 20, delayMs: 300 },
      turns: [
        { content: [{ type: 'text', text: 'Echoing the first thing now.' }, call('echo', { text: 'one' })] },
        { content: [call('echo', { text: 'two' })], timing: { delayMs: 1200 } },
        { content: 'Both echoed.' },
      ],
      steering: [{ text: 'Use lowercase.', at: { atMs: 1500 } }],
      steeringMode: 'all',
    },
  },
  {
    title: 'A JSON Schema tool has no code to run',
    extraTools: [{
      id: 'mcp-lookup', name: 'lookup', kind: 'json-schema',
      source: JSON.stringify({ name: 'lookup', description: 'Look up a word.', inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] } }),
    }],
    scenario: {
      prompt: 'Look up "tool".',
      turns: [{ content: [call('lookup', { word: 'tool' }), call('lookup', {})] }, { content: 'The lookup tool is not implemented.' }],
    },
  },
  {
    title: 'Code turns read the request and answer with faux messages or block turns',
    scenario: {
      prompt: 'Calculate 6 * 7, then echo it.',
      timing: { tokenSize: 3 },
      turns: [
        {
          code: [
            'import { fauxAssistantMessage, fauxText, fauxToolCall } from "@earendil-works/pi-ai/compat";',
            '// Reads the tools offered and the prompt; fauxToolCall without an id (pi draws one, the playground gives call_1_2).',
            'export default (context, options, state, model) => {',
            '  const calculator = context.tools.find((tool) => tool.parameters.properties?.expression);',
            '  const prompt = context.messages[0].content[0].text;',
            '  return fauxAssistantMessage([',
            '    fauxText("Request " + state.callCount + " to " + model.id + "; " + context.tools.length + " tools."),',
            '    fauxToolCall(calculator.name, { expression: /[\\d *+]+\\d/.exec(prompt)[0] }),',
            '  ], { stopReason: "toolUse" });',
            '};',
          ].join('\n'),
        },
        {
          code: [
            '// A block turn as the scenario file writes one, built from the last tool result.',
            'export default async (context) => {',
            '  const result = context.messages.at(-1);',
            '  return { content: [{ type: "toolCall", id: "echo-it", name: "echo", arguments: { text: result.content[0].text } }] };',
            '};',
          ].join('\n'),
          timing: { delayMs: 400 },
        },
        { content: 'Done: 42.' },
      ],
    },
  },
];
