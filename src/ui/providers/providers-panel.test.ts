import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { GET_WEATHER } from '../../content/examples/index.ts';
import { SAMPLE_PNG } from '../../state/providers/conversations.ts';
import { createFakeRuntime } from '../../state/testing/fake-runtime.ts';
import type { Evaluation, ToolRuntime } from '../../state/run/tool-runtime.ts';
import { mountApp, waitFor, type MountedApp } from '../testing/mount-app.ts';

const mounted: MountedApp[] = [];
afterEach(async () => { while (mounted.length) await mounted.pop()!.destroy(); vi.restoreAllMocks(); });

const CITY_LINE = GET_WEATHER.source.split('\n').findIndex((l) => l.includes('city: Type.String')) + 1;

/** The fake sandbox, except that get_weather gets a constraint Gemini ignores and echo a schema that is a cycle. */
function runtime(options: { cyclicEcho?: boolean } = {}): ToolRuntime {
  const fake = createFakeRuntime();
  return {
    ...fake,
    async evaluate(files) {
      const evaluation: Evaluation = await fake.evaluate(files);
      for (const tool of evaluation.tools) {
        if (tool.name === 'get_weather') {
          tool.parameters = { type: 'object', properties: { city: { type: 'string', minLength: 2 } }, required: ['city'] } as never;
          tool.sourceRange = { line: GET_WEATHER.source.split('\n').findIndex((l) => l.includes('name: "get_weather"')) + 1, column: 3 };
        }
        if (tool.name === 'echo') {
          // The tool's own description line (the fake reads the first description, the parameter's).
          const source = files.find((f) => f.id === tool.fileId)?.source ?? '';
          tool.description = /\n {2}description: "([^"]*)"/.exec(source)?.[1] ?? tool.description;
        }
        if (tool.name === 'echo' && options.cyclicEcho) {
          const loop: Record<string, unknown> = { type: 'object' };
          loop.properties = { again: loop };
          tool.parameters = loop as never;
        }
      }
      return evaluation;
    },
  };
}

async function openPanel(options: { cyclicEcho?: boolean } = {}) {
  mounted.push(await mountApp({ runtime: runtime(options) }));
  await page.getByTestId('view-tab-providers').click();
  await expect.element(page.getByTestId('providers-json')).toBeVisible();
}

const panel = () => page.getByTestId('providers-panel');
const shownText = () => [...document.querySelectorAll('[data-testid="providers-json-text"] .line')].map((l) => l.textContent).join('\n');

describe('the providers panel', () => {
  it('shows each API\'s tool list as exact JSON, and the whole request on demand', async () => {
    await openPanel();
    const tools = JSON.parse(shownText()) as { type: string; function: { name: string } }[];
    expect(tools.map((t) => t.function.name)).toEqual(['get_weather', 'read_file', 'list_dir', 'echo', 'calculate', 'deploy', 'slow_fetch', 'slow_compute']);
    expect(shownText()).toBe(JSON.stringify(tools, null, 2));

    await page.getByTestId('providers-tab-anthropic-messages').click();
    await expect.element(panel()).toHaveAttribute('data-variant', 'anthropic-messages');
    await expect.element(page.getByTestId('providers-json')).toHaveTextContent('"input_schema"');
    await page.getByTestId('providers-variant-anthropic-messages--oauth').click();
    await expect.element(page.getByTestId('providers-json')).toHaveTextContent('"get_weather"');

    await page.getByTestId('providers-scope-request').click();
    const body = JSON.parse(shownText()) as { system: { text: string }[] };
    expect(body.system[0].text).toBe('You are Claude Code, Anthropic\'s official CLI for Claude.');
  });

  it('moves between API tabs with the arrow keys and folds a node from the keyboard', async () => {
    await openPanel();
    const first = page.getByTestId('providers-tab-openai-completions');
    await first.click();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(panel()).toHaveAttribute('data-variant', 'openai-responses');
    await expect.element(page.getByTestId('providers-tab-openai-responses')).toHaveFocus();

    const toggle = page.getByRole('button', { name: 'Collapse the whole value' });
    await toggle.click();
    expect(shownText()).toMatch(/^\[8 items\]$/);
    await userEvent.keyboard('{ArrowRight}');
    expect(shownText().startsWith('[\n')).toBe(true);
  });

  it('follows a lint finding to its node in the request and to its line in the editor', async () => {
    await openPanel();
    await page.getByTestId('providers-tab-google-generative-ai').click();
    const finding = page.getByTestId('providers-finding').filter({ hasText: 'minLength' });
    await expect.element(finding).toHaveAttribute('data-severity', 'warning');
    await finding.getByTestId('providers-finding-node').click();
    const marked = await waitFor(() => document.querySelector('[data-testid="providers-json-text"] .line.marked'), 'the highlighted node');
    expect(marked.textContent?.trim()).toBe('"minLength": 2');

    await page.getByTestId('tool-item').filter({ hasText: 'echo' }).getByText('echo', { exact: true }).click();
    await expect.element(page.getByTestId('editor-title')).toHaveTextContent('echo');
    await finding.getByTestId('providers-finding-source').click();
    await expect.element(page.getByTestId('editor-title')).toHaveTextContent('get_weather');
    await expect.element(page.getByTestId('editor')).toHaveAttribute('data-ready', 'true');
    await waitFor(() => {
      const root = document.querySelector('[data-testid="editor"] .host')?.shadowRoot ?? document;
      return root.querySelector('.cm-activeLineGutter')?.textContent === String(CITY_LINE);
    }, `the editor cursor on line ${CITY_LINE}`);
  });

  it('counts the tokens of each tool definition and follows an edit to a description', async () => {
    await openPanel();
    const tokens = page.getByTestId('providers-tokens');
    await expect.element(tokens).toHaveAttribute('data-status', 'ready');
    await expect.element(tokens).toHaveAttribute('data-kind', 'tokenizer');
    await expect.element(page.getByTestId('providers-tokens-method')).toHaveTextContent('o200k_base');
    const echo = () => document.querySelector('[data-testid="providers-tokens-tool"][data-tool="echo"]');
    const before = Number(echo()?.getAttribute('data-tokens'));
    const totalBefore = Number(tokens.element().getAttribute('data-total'));
    expect(before).toBeGreaterThan(10);
    expect(document.querySelectorAll('[data-testid="providers-tokens-tool"]')).toHaveLength(8);

    await page.getByTestId('tool-item').filter({ hasText: 'echo' }).getByText('echo', { exact: true }).click();
    await expect.element(page.getByTestId('editor')).toHaveAttribute('data-ready', 'true');
    const content = await waitFor(() => document.querySelector('[data-testid="editor"] .host')?.shadowRoot?.querySelector<HTMLElement>('.cm-content'), 'the editor');
    const { EditorView } = await import('@codemirror/view');
    const view = EditorView.findFromDOM(content)!;
    const old = 'Useful for testing that tool calls work.';
    const from = view.state.doc.toString().indexOf(old);
    expect(from).toBeGreaterThan(0);
    // Nine more words: nine or ten more tokens in o200k_base.
    view.dispatch({ changes: { from, to: from + old.length, insert: `${old} It never changes, trims or translates the text given.` } });
    await waitFor(() => Number(echo()?.getAttribute('data-tokens')) !== before, 'the echo figure to change');
    const after = Number(echo()?.getAttribute('data-tokens'));
    expect(after - before).toBeGreaterThanOrEqual(9);
    expect(after - before).toBeLessThanOrEqual(11);
    expect(Number(tokens.element().getAttribute('data-total')) - totalBefore).toBe(after - before);

    await page.getByTestId('providers-tab-anthropic-messages').click();
    await expect.element(tokens).toHaveAttribute('data-kind', 'approximation');
    await expect.element(page.getByTestId('providers-tokens-method')).toHaveTextContent('Approximate');
    await page.getByTestId('providers-tab-google-generative-ai').click();
    await expect.element(page.getByTestId('providers-tokens-method')).toHaveTextContent('characters ÷ 4');
  });

  it('names a tool whose schema is a cycle, with its path, while every API keeps its request', async () => {
    await openPanel({ cyclicEcho: true });
    const excluded = page.getByTestId('providers-excluded');
    await expect.element(excluded).toHaveAttribute('data-tool', 'echo');
    await expect.element(excluded).toHaveAttribute('data-path', '/properties/again');
    await expect.element(excluded).toHaveTextContent('Its schema cannot be sent (at /properties/again): the object refers back to');
    for (const api of ['openai-completions', 'bedrock-converse-stream', 'pi-messages']) {
      await page.getByTestId(`providers-tab-${api}`).click();
      await expect.element(page.getByTestId('providers-request')).toHaveAttribute('data-ok', 'true');
      expect(shownText()).not.toContain('"echo"');
      expect(shownText()).toContain('"calculate"');
    }
  });

  it('shows the body that goes over the wire by default, the onPayload object one switch away, and copies the one shown', async () => {
    const copies: string[] = [];
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text) => { copies.push(text); });
    await openPanel();
    await expect.element(panel()).toHaveAttribute('data-body', 'wire');
    await expect.element(page.getByTestId('providers-body-wire')).toHaveAttribute('aria-checked', 'true');
    const form = page.getByRole('radiogroup', { name: 'Request body' });
    await expect.element(form.getByRole('radio', { name: 'On the wire' })).toHaveAttribute('tabindex', '0');
    await expect.element(form.getByRole('radio', { name: 'onPayload object' })).toHaveAttribute('tabindex', '-1');
    await page.getByTestId('providers-scope-request').click();

    // Gemini: what the SDK POSTs (the model in the URL, config split up), not pi's SDK parameters.
    await page.getByTestId('providers-tab-google-generative-ai').click();
    await expect.element(page.getByTestId('providers-url')).toHaveTextContent('/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    const wire = JSON.parse(shownText()) as Record<string, any>;
    expect(Object.keys(wire)).toEqual(['contents', 'systemInstruction', 'tools', 'toolConfig', 'generationConfig'].filter((k) => k in wire));
    expect(wire).not.toHaveProperty('model');
    expect(wire).not.toHaveProperty('config');
    expect(wire.systemInstruction).toEqual({ parts: [{ text: expect.any(String) }], role: 'user' });
    expect(wire.generationConfig.maxOutputTokens).toBeGreaterThan(0);
    expect(wire.tools[0].functionDeclarations[0]).toHaveProperty('parametersJsonSchema');
    await expect.element(page.getByTestId('providers-body-note')).toHaveTextContent('reshapes');
    await page.getByTestId('providers-json-copy').click();
    await expect.poll(() => copies.length).toBe(1);
    expect(copies[0]).toBe(shownText());
    expect(JSON.parse(copies[0])).toEqual(wire);

    // The switch is a radio group: the arrow key moves to the onPayload object and chooses it.
    await page.getByTestId('providers-body-wire').click();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(panel()).toHaveAttribute('data-body', 'payload');
    await expect.element(page.getByTestId('providers-body-payload')).toHaveFocus();
    await expect.element(page.getByTestId('providers-body-payload')).toHaveAttribute('aria-checked', 'true');
    const payload = JSON.parse(shownText()) as Record<string, any>;
    expect(Object.keys(payload)).toEqual(['model', 'contents', 'config']);
    expect(payload.config.systemInstruction).toBe(wire.systemInstruction.parts[0].text);
    await page.getByTestId('providers-json-copy').click();
    await expect.poll(() => copies.length).toBe(2);
    expect(copies[1]).toBe(shownText());
    expect(JSON.parse(copies[1])).toEqual(payload);

    // The choice holds while switching APIs: Bedrock's onPayload object, then its wire body (base64 image bytes,
    // the model id only in the URL) after switching back.
    await userEvent.selectOptions(page.getByTestId('providers-conversation'), 'thinking-image');
    await page.getByTestId('providers-tab-bedrock-converse-stream').click();
    await expect.element(panel()).toHaveAttribute('data-body', 'payload');
    expect(JSON.parse(shownText())).toHaveProperty('modelId');
    await page.getByTestId('providers-body-wire').click();
    await expect.element(panel()).toHaveAttribute('data-body', 'wire');
    await expect.element(page.getByTestId('providers-url')).toHaveTextContent('/model/global.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream');
    const bedrock = JSON.parse(shownText()) as { modelId?: string; messages: { content: Record<string, any>[] }[] };
    expect(bedrock.modelId).toBeUndefined();
    const image = bedrock.messages[0].content.find((c) => c.image)!.image;
    expect(image).toEqual({ format: 'png', source: { bytes: SAMPLE_PNG } });

    // An API whose SDK sends pi's object unchanged says so.
    await page.getByTestId('providers-tab-openai-completions').click();
    await expect.element(page.getByTestId('providers-body-note')).toHaveTextContent('as it is');
  });

  it('compares the body form shown: wire bodies in the diff by default, onPayload objects after the switch', async () => {
    await openPanel();
    await page.getByTestId('providers-scope-request').click();
    await page.getByTestId('providers-mode-diff').click();
    await userEvent.selectOptions(page.getByTestId('providers-diff-left'), 'google-generative-ai');
    await userEvent.selectOptions(page.getByTestId('providers-diff-right'), 'bedrock-converse-stream');
    const diffText = () => document.querySelector('[data-testid="providers-diff"] .rows')?.textContent ?? '';
    await expect.poll(diffText).toContain('"generationConfig"');
    expect(diffText()).not.toContain('"modelId"');
    expect(diffText()).not.toContain('"config"');
    await page.getByTestId('providers-body-payload').click();
    await expect.poll(diffText).toContain('"modelId"');
    expect(diffText()).toContain('"config"');
    expect(diffText()).not.toContain('"generationConfig"');
  });
});

