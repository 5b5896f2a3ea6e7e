// Writes a scenario as a Vitest test for the real pi: the turns become pi's faux vocabulary
// (fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall), the moments become the replay helper's
// steering/follow-up/abort schedule, and the test asserts that pi emits the event summary the playground recorded.
import { isCodeTurn, type Scenario } from '../../recording/scenario/index.ts';
import { parseStreamingJson } from '../../ai/index.ts';
import type { EventSummary } from './event-summary.ts';
import { rewriteToolSource } from './source-rewrite.ts';

export interface ScenarioTestInput {
  /** Title of the test ("replays <title> …"). */
  title: string;
  /** File stem, e.g. `parallel-vs-sequential`; gives `<stem>.test.ts` and `<stem>.events.json`. */
  stem: string;
  scenario: Scenario;
  /** What the playground recorded for this scenario (summarizeEvents of its pi events). */
  events: EventSummary[];
  /** Import specifiers of the tool modules, relative to the test file, in workspace order. */
  toolModules: string[];
  hooksModule?: string;
  /** Folder (relative to the test file) holding the playground's files at the start of the run. */
  filesFolder?: string;
  /** pi's built-in coding tools the run used, added after the workspace's tools as the playground adds them. */
  codingTools?: string[];
  helperModule: string;
  /** The playground runtime (sleep, fs) relative to the test file, for code turns that import "playground". */
  runtimeModule: string;
}

export interface ScenarioTestFiles {
  testFile: string;
  eventsFile: string;
  /** One module per code turn (`<stem>.turn-<n>.ts`, beside the test): the turn's faux factory as written. */
  codeFiles: { path: string; content: string }[];
  /** What pi cannot express and how the export handles it; also written as comments in the test. */
  notes: string[];
}

/** A JSON value on one line with spaces after colons and commas (strings kept exactly). */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length ? `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(value) ?? 'null';
}

/** A JSON value as code: on one line when short, else indented under `indent`. */
function literal(value: unknown, indent: string): string {
  const short = inline(value);
  if (short.length <= 72) return short;
  return (JSON.stringify(value, null, 2) ?? 'null').split('\n').join(`\n${indent}`);
}

function finalArguments(block: { arguments?: unknown; rawArguments?: string }): unknown {
  if ('arguments' in block && block.arguments !== undefined) return block.arguments;
  return block.rawArguments !== undefined ? parseStreamingJson(block.rawArguments) : {};
}

function moduleName(specifier: string, index: number): string {
  const base = specifier.replace(/^.*\//, '').replace(/\.ts$/, '').replace(/[^A-Za-z0-9_$]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''));
  return `${/^[A-Za-z_$]/.test(base) ? base : `tool${index + 1}`}Module`;
}

export function createScenarioTest(input: ScenarioTestInput): ScenarioTestFiles {
  const { scenario } = input;
  const notes: string[] = [];
  // Clock times are compared too: exactly, or within rounding, or not where pi cannot pace as the playground did.
  let times: 'exact' | 'approximate' | 'none' = 'exact';
  const tokenSize = scenario.timing.tokenSize;
  const sizeRange = tokenSize === undefined ? undefined : typeof tokenSize === 'number' ? { min: tokenSize, max: tokenSize } : tokenSize;
  const pace = scenario.timing.tokensPerSecond;
  if (pace && !Number.isInteger(1000 / pace)) {
    notes.push(`At ${pace} tokens per second a chunk takes a fractional number of milliseconds; pi's faux provider waits with setTimeout, which counts whole milliseconds, so times are compared within 1 ms + 5%.`);
    times = 'approximate';
  }
  if (sizeRange && sizeRange.min !== sizeRange.max && pace) {
    notes.push(`Token sizes ${sizeRange.min}–${sizeRange.max} are drawn with the scenario's seed in the playground and with Math.random by pi's faux provider, so paced streams may take slightly different times; times are not compared.`);
    times = 'none';
  }
  if (scenario.model) {
    // Registering faux under the recorded api would stand in for pi-ai's real provider of that api during the test.
    const { provider, api, id } = scenario.model;
    const name = `${provider}/${id} over ${api}`.replace(/[\u0000-\u001f\u2028\u2029]+/g, ' ');
    notes.push(`Recorded from a live run of ${name}. pi replays it on its faux provider, so its messages name faux's model, not that one; the events compared do not carry model names.`);
  }
  const codeFiles: ScenarioTestFiles['codeFiles'] = [];
  const codeImports: string[] = [];
  const turnLines = scenario.turns.map((turn, t) => {
    const comments: string[] = [];
    if (turn.timing?.tokenSize !== undefined || turn.timing?.tokensPerSecond !== undefined) {
      comments.push(`turn ${t + 1} streamed with its own pace in the playground (${JSON.stringify({ tokenSize: turn.timing.tokenSize, tokensPerSecond: turn.timing.tokensPerSecond })}); pi's faux provider paces all turns alike`);
      notes.push(`Turn ${t + 1} has its own token size or pace; pi's faux provider uses one setting for every turn (the scenario's), so times are not compared.`);
      times = 'none';
    }
    const delayMs = turn.timing?.delayMs ?? scenario.timing.delayMs;
    if (isCodeTurn(turn)) {
      // The turn's code is the module pi runs: its default export is the faux factory, answered as the playground reads it.
      const path = `${input.stem}.turn-${t + 1}.ts`;
      const name = `turn${t + 1}Factory`;
      const source = rewriteToolSource(turn.code, { module: input.runtimeModule }).source;
      codeFiles.push({ path, content: `// Turn ${t + 1} of "${input.title.replace(/[\r\n]+/g, ' ')}": a faux response factory, exported from the pi tool playground.\n${source}` });
      codeImports.push(`import ${name} from "./${path}";`);
      comments.push(`turn ${t + 1} is code (${path}): a faux factory that sees the request`);
      return [...comments.map((c) => `  // ${c}`), `  { factory: codeTurn(${name}, ${t})${delayMs ? `, delayMs: ${delayMs}` : ''} },`].join('\n');
    }
    if (turn.content.some((b) => b.type === 'toolCall' && b.rawArguments !== undefined)) {
      comments.push(`turn ${t + 1} streamed hand-written argument text; pi streams the final arguments, which are the same`);
    }
    const blocks = turn.content.map((block) => {
      if (block.type === 'text') return `fauxText(${JSON.stringify(block.text)})`;
      if (block.type === 'thinking') return `fauxThinking(${JSON.stringify(block.thinking)})`;
      return `fauxToolCall(${JSON.stringify(block.name)}, ${literal(finalArguments(block), '      ')}, { id: ${JSON.stringify(block.id)} })`;
    });
    const options = [`stopReason: ${JSON.stringify(turn.stopReason)}`];
    if (turn.errorMessage !== undefined) options.push(`errorMessage: ${JSON.stringify(turn.errorMessage)}`);
    const message = `fauxAssistantMessage([\n      ${blocks.join(',\n      ')},\n    ], { ${options.join(', ')} })`;
    const entry = `  { message: ${message}${delayMs ? `, delayMs: ${delayMs}` : ''} },`;
    return [...comments.map((c) => `  // ${c}`), entry].join('\n');
  });

  const imports = input.toolModules.map((spec, i) => `import * as ${moduleName(spec, i)} from ${JSON.stringify(spec)};`);
  if (input.hooksModule) imports.push(`import * as hooksModule from ${JSON.stringify(input.hooksModule)};`);
  imports.push(...codeImports);
  const toolList = input.toolModules.map((spec, i) => `\n      ...(await collectTools(${moduleName(spec, i)})),`).join('');
  const script: string[] = [
    `systemPrompt: ${JSON.stringify(scenario.systemPrompt)},`,
    `prompts: ${JSON.stringify(scenario.prompts)},`,
    `toolExecution: ${JSON.stringify(scenario.toolExecution)},`,
    `tools: [${toolList}\n    ],`,
    ...(input.hooksModule ? ['hooks: collectHooks(hooksModule),'] : []),
    'turns,',
    ...(sizeRange ? [`tokenSize: ${JSON.stringify(sizeRange)},`] : []),
    ...(scenario.timing.tokensPerSecond ? [`tokensPerSecond: ${scenario.timing.tokensPerSecond},`] : []),
    ...(scenario.steering.length ? [`steering: ${literal(scenario.steering, '    ')},`, `steeringMode: ${JSON.stringify(scenario.steeringMode)},`] : []),
    ...(scenario.followUp.length ? [`followUp: ${literal(scenario.followUp, '    ')},`, `followUpMode: ${JSON.stringify(scenario.followUpMode)},`] : []),
    ...(scenario.abort ? [`abort: ${literal(scenario.abort, '    ')},`] : []),
    ...(input.codingTools?.length ? [`codingTools: ${inline(input.codingTools)},`] : []),
    ...(input.filesFolder ? [`filesRoot: fileURLToPath(new URL(${JSON.stringify(`${input.filesFolder}/`)}, import.meta.url)),`] : []),
  ];

  const testFile = `// Replays the playground scenario "${input.title.replace(/[\r\n]+/g, ' ')}" against the real pi 0.85.1 and checks that pi emits the
// events the playground recorded (${input.stem}.events.json): types, order, tool call ids, arguments, result
// texts and isError. Exported from the pi tool playground; run it with \`npx vitest run\`.
${input.filesFolder ? 'import { fileURLToPath } from "node:url";\n' : ''}import { fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall } from "@earendil-works/pi-ai/compat";
import { expect, it } from "vitest";
import { ${codeFiles.length ? 'codeTurn, ' : ''}collectHooks, collectTools, comparable, replayScenario } from ${JSON.stringify(input.helperModule)};
import recorded from "./${input.stem}.events.json";
${imports.join('\n')}
${notes.length ? `\n${notes.map((n) => `// Note: ${n}`).join('\n')}\n` : ''}
// How the events' clock times (virtual ms since the start) must match: exact, approximate or none.
const TIMES = ${JSON.stringify(times)};

// One scripted response per model request, in pi's faux vocabulary.
const turns = [
${turnLines.join('\n')}
];

it(${JSON.stringify(`pi emits the events the playground recorded: ${input.title}`)}, async () => {
  const events = await replayScenario({
    ${script.join('\n    ')}
  });
  expect(comparable(events, TIMES, recorded.events)).toEqual(comparable(recorded.events, TIMES));
});
`;
  const eventsFile = `${JSON.stringify({ scenario: input.title, recordedBy: 'pi tool playground', pi: '0.85.1', events: input.events }, null, 2)}\n`;
  return { testFile, eventsFile, codeFiles, notes };
}
