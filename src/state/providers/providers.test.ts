import { describe, expect, it } from 'vitest';
import { API_VARIANTS, type ApiVariant } from '../../ai/providers/index.ts';
import type { ToolFile } from '../../storage/workspace.ts';
import { EvaluationState } from '../workspace/evaluation.svelte.ts';
import { ProvidersState } from './providers.svelte.ts';
import { ENGLISH_TEXTS } from './conversations.ts';
import { createAppState } from '../shell/app-state.ts';
import { CODING_TOOLS_KEY } from '../../storage/keys.ts';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { createFakeRuntime } from '../testing/fake-runtime.ts';
import type { EvaluatedTool, Evaluation, ToolRuntime } from '../run/tool-runtime.ts';
import { ViewsState } from '../shell/views.svelte.ts';
import { WorkspaceState } from '../workspace/workspace.svelte.ts';

const mcp = (name: string, inputSchema: unknown, description = `The ${name} tool.`) =>
  JSON.stringify({ name, description, inputSchema }, null, 2);

const WEATHER: ToolFile = {
  id: 'f-weather', name: 'get_weather', kind: 'json-schema',
  source: mcp('get_weather', { type: 'object', properties: { city: { type: 'string', description: 'City name', minLength: 1 } }, required: ['city'] }),
};
const ECHO: ToolFile = {
  id: 'f-echo', name: 'echo', kind: 'json-schema',
  source: mcp('echo', { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }),
};

async function setup(files: ToolFile[], options: { runtime?: ToolRuntime; variants?: readonly ApiVariant[] } = {}) {
  const workspace = new WorkspaceState();
  workspace.load({ tools: files, hooks: '', settings: { toolExecution: 'parallel', systemPrompt: 'You are terse.' } });
  const evaluation = new EvaluationState(options.runtime ?? createFakeRuntime(), workspace, { typingDelayMs: 0 });
  const views = new ViewsState();
  const providers = new ProvidersState(workspace, evaluation, views, options.variants);
  await Promise.all([evaluation.evaluateNow(), providers.load()]);
  return { workspace, evaluation, views, providers };
}

const body = (providers: ProvidersState, key: string) => {
  const result = providers.resultFor(key);
  if (!result?.ok) throw new Error(`${key} did not encode: ${result && !result.ok ? result.error : 'missing'}`);
  return result.body as Record<string, unknown>;
};

/** A runtime that evaluates every file to the tools given for its id (schemas no real sandbox could build). */
function runtimeWith(tools: Record<string, Omit<EvaluatedTool, 'fileId' | 'hasExecute' | 'hasPrepareArguments'>>): ToolRuntime {
  return {
    ...createFakeRuntime(),
    async evaluate(files) {
      const evaluation: Evaluation = { tools: [], hooks: {}, diagnostics: [] };
      for (const file of files) {
        const tool = tools[file.id];
        if (tool) evaluation.tools.push({ fileId: file.id, hasExecute: true, hasPrepareArguments: false, ...tool });
      }
      return evaluation;
    },
  };
}

describe('ProvidersState', () => {
  it('encodes the workspace tools and system prompt for every API variant', async () => {
    const { providers } = await setup([WEATHER, ECHO]);
    expect(providers.results.size).toBe(API_VARIANTS.length);
    expect([...providers.results.values()].every((r) => r.ok)).toBe(true);
    const openai = body(providers, 'openai-completions');
    expect((openai.tools as { function: { name: string } }[]).map((t) => t.function.name)).toEqual(['get_weather', 'echo']);
    expect(openai.messages).toEqual([{ role: 'system', content: 'You are terse.' }, { role: 'user', content: providers.userPrompt }]);
    expect(body(providers, 'anthropic-messages').system).toEqual([{ type: 'text', text: 'You are terse.', cache_control: { type: 'ephemeral' } }]);
  });

  it('re-encodes live when a description or the system prompt changes, and not when nothing the model sees changed', async () => {
    const { providers, workspace, evaluation } = await setup([WEATHER, ECHO]);
    // The panel reads both; each is computed on demand and kept while its inputs stay the same.
    const read = () => [providers.results, providers.findings] as const;
    const [before] = read();
    const counts = providers.workCounts;

    workspace.setHooks('// a comment in the hooks file');
    await evaluation.evaluateNow();
    expect(read()[0]).toBe(before);
    expect(providers.workCounts).toEqual(counts);

    workspace.setSource(WEATHER.id, WEATHER.source.replace('The get_weather tool.', 'Weather for one city.'));
    await evaluation.evaluateNow();
    expect(JSON.stringify(body(providers, 'google-generative-ai'))).toContain('Weather for one city.');
    read();
    expect(providers.workCounts).toEqual({ encode: counts.encode + 1, lint: counts.lint + 1 });

    workspace.setSystemPrompt('Answer in French.');
    expect(body(providers, 'openai-codex-responses').instructions).toBe('Answer in French.');
    read();
    // The prompt is not part of the tools, so lint did not run again.
    expect(providers.workCounts).toEqual({ encode: counts.encode + 2, lint: counts.lint + 1 });
  });

  it('leaves out a tool whose schema is cyclic, names it with the path, and still shows every API', async () => {
    const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    const runtime = runtimeWith({
      a: { name: 'loop_tool', description: 'Refers to itself.', parameters: cyclic as never },
      b: { name: 'fine_tool', description: 'Fine.', parameters: { type: 'object', properties: { q: { type: 'string' } } } as never },
    });
    const files = ['a', 'b'].map((id) => ({ id, name: id, kind: 'typescript' as const, source: '' }));
    const { providers } = await setup(files, { runtime });
    expect(providers.excluded).toEqual([{ toolName: 'loop_tool', fileId: 'a', path: '/properties/self', message: expect.stringContaining('cycle'), detail: { code: 'json.cycle-root', params: {} } }]);
    for (const result of providers.results.values()) expect(result.ok).toBe(true);
    expect(JSON.stringify(body(providers, 'anthropic-messages').tools)).toContain('fine_tool');
    expect(JSON.stringify(body(providers, 'anthropic-messages').tools)).not.toContain('loop_tool');
    expect(providers.findings.find((f) => f.toolName === 'loop_tool')).toMatchObject({ rule: 'invalid-schema', severity: 'error', path: '/properties/self' });
  });

  it('names a schema that is not JSON Schema by tool and path', async () => {
    const broken = { ...ECHO, source: mcp('echo', { type: 'object', properties: { text: { type: 'strng' } } }) };
    const { providers } = await setup([WEATHER, broken]);
    expect(providers.excluded).toMatchObject([{ toolName: 'echo', path: '/properties/text/type' }]);
    expect(providers.excluded[0].message).toContain('Tool "echo" has an invalid schema at /properties/text/type');
    expect((body(providers, 'openai-responses').tools as unknown[]).length).toBe(1);
  });

  it('shows an API the encoders do not know as an error in its own tab only', async () => {
    const pigeon = { ...API_VARIANTS[0], key: 'carrier-pigeon', api: 'carrier-pigeon', model: { ...API_VARIANTS[0].model, api: 'carrier-pigeon' } } as unknown as ApiVariant;
    const { providers } = await setup([WEATHER], { variants: [API_VARIANTS[0], pigeon, API_VARIANTS[8]] });
    expect(providers.resultFor('carrier-pigeon')).toEqual({ ok: false, api: 'carrier-pigeon', error: 'No API provider registered for api: carrier-pigeon' });
    expect(providers.resultFor('openai-completions')?.ok).toBe(true);
    expect(providers.resultFor('anthropic-messages')?.ok).toBe(true);
  });

  it('builds the request after a parallel batch with one failed call, and after thinking with images', async () => {
    const { providers } = await setup([WEATHER, ECHO]);
    providers.setConversation('after-batch');
    const anthropic = body(providers, 'anthropic-messages').messages as { role: string; content: { type: string; is_error?: boolean; tool_use_id?: string; id?: string }[] }[];
    const calls = anthropic[1].content.filter((b) => b.type === 'tool_use');
    expect(calls.map((c) => c.id)).toEqual(['toolu_01Pg01aZq8wLmN3vT', 'toolu_01Pg02aZq8wLmN3vT', 'toolu_01Pg03aZq8wLmN3vT']);
    expect(anthropic[2].content.map((b) => b.is_error)).toEqual([false, true, false]);
    const openai = body(providers, 'openai-completions').messages as { role: string; content?: unknown }[];
    expect(openai.filter((m) => m.role === 'tool')).toHaveLength(3);

    providers.setConversation('thinking-image');
    const gemini = JSON.stringify(body(providers, 'google-generative-ai'));
    expect(gemini).toContain('"thought":true');
    expect(gemini).toContain('"inlineData"');
    expect(body(providers, 'openai-responses').reasoning).toEqual({ effort: 'medium', summary: 'auto' });
  });

  it('highlights a finding in the body each API sends, switching to the whole request when needed', async () => {
    const { providers } = await setup([WEATHER]);
    const minLength = providers.findingsFor('google-generative-ai').find((f) => f.rule === 'gemini-ignored-keyword')!;
    expect(providers.showInRequest(minLength, 'google-generative-ai')).toBe(true);
    // The wire body (the default) has the tools beside `contents`; pi's onPayload object has them in `config`.
    expect(providers.highlight).toMatchObject({ variantKey: 'google-generative-ai', pointer: '/tools/0/functionDeclarations/0/parametersJsonSchema/properties/city/minLength' });
    expect(providers.variantKey).toBe('google-generative-ai');
    expect(providers.scope).toBe('tools');
    providers.setBodyForm('payload');
    expect(providers.showInRequest(minLength, 'google-generative-ai')).toBe(true);
    expect(providers.highlight).toMatchObject({ variantKey: 'google-generative-ai', pointer: '/config/tools/0/functionDeclarations/0/parametersJsonSchema/properties/city/minLength' });
  });

  it('follows a finding to its line in a JSON Schema file: selects the tool and asks the editor to reveal it', async () => {
    const { providers, workspace, views } = await setup([ECHO, WEATHER]);
    const finding = providers.findings.find((f) => f.rule === 'gemini-ignored-keyword' && f.toolName === 'get_weather')!;
    expect(providers.goToSource(finding)).toBe(true);
    expect(workspace.selectedId).toBe(WEATHER.id);
    const line = WEATHER.source.split('\n').findIndex((l) => l.includes('"minLength"')) + 1;
    expect(views.revealRequest).toEqual({ fileId: WEATHER.id, line, column: expect.any(Number) });
  });

  it('writes the sample conversation in the words it is given, and keeps a prompt the user typed', async () => {
    const { providers } = await setup([WEATHER]);
    providers.setConversation('after-batch');
    providers.setTexts({ ...ENGLISH_TEXTS, userPrompt: '请帮我查天气。', toolFailed: '服务不可用（503）。' });
    const text = JSON.stringify(body(providers, 'mistral-conversations'));
    expect(text).toContain('请帮我查天气。');
    expect(text).toContain('[tool error] 服务不可用（503）。');
    providers.setUserPrompt('Weather in Oslo?');
    expect(JSON.stringify(body(providers, 'mistral-conversations'))).toContain('Weather in Oslo?');
  });

  it('encodes nothing before its encoders are loaded, then every API variant', async () => {
    const workspace = new WorkspaceState();
    workspace.load({ tools: [WEATHER], hooks: '', settings: { toolExecution: 'parallel', systemPrompt: '' } });
    const evaluation = new EvaluationState(createFakeRuntime(), workspace, { typingDelayMs: 0 });
    await evaluation.evaluateNow();
    const providers = new ProvidersState(workspace, evaluation, new ViewsState());
    expect([providers.ready, providers.variants.length, providers.results.size, providers.findings.length]).toEqual([false, 0, 0, 0]);
    await providers.load();
    expect([providers.ready, providers.variants.length, providers.results.size]).toEqual([true, API_VARIANTS.length, API_VARIANTS.length]);
  });

  it("lists pi's built-in coding tools after the workspace's own when runs get them, and sends them to every API", async () => {
    const app = createAppState({ store: createMemoryStore(), runtime: createFakeRuntime(), channelName: `providers-${Date.now()}`, saveDelayMs: 0, typingDelayMs: 0 });
    await app.start();
    await app.files.loaded();
    await app.codingTools.start();
    await Promise.all([app.evaluation.evaluateNow(), app.providers.load()]);
    const own = app.providers.tools.map((t) => t.tool.name);
    expect(own).not.toContain('read');

    app.workspace.setExtension(CODING_TOOLS_KEY, { enabled: true, tools: ['read', 'grep'] }, { key: 'files.codingTools.undo.on' });
    expect(app.providers.tools.map((t) => t.tool.name)).toEqual([...own, 'read', 'grep']);
    expect(app.providers.tools.slice(-2).map((t) => t.fileId)).toEqual(['builtin:read', 'builtin:grep']);
    const names = (body(app.providers, 'anthropic-messages').tools as { name: string }[]).map((t) => t.name);
    expect(names.slice(-2)).toEqual(['read', 'grep']);
    app.dispose();
  });

  it('remembers the conversation, scope and selected API in the view options', async () => {
    const { providers, views } = await setup([WEATHER]);
    providers.setConversation('thinking-image');
    providers.setScope('request');
    providers.selectVariant('bedrock-converse-stream');
    expect(views.snapshot().options).toMatchObject({ 'providers.conversation': 'thinking-image', 'providers.scope': 'request', 'providers.variant': 'bedrock-converse-stream' });
    providers.selectVariant('no-such-variant');
    expect(providers.variantKey).toBe(API_VARIANTS[0].key);
  });
});
