import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { GET_WEATHER } from '../../core/examples/index.ts';
import { createFakeRuntime } from '../../state/testing/fake-runtime.ts';
import type { Evaluation, ToolRuntime } from '../../state/tool-runtime.ts';
import { mountApp, waitFor, type MountedApp } from '../testing/mount-app.ts';

const mounted: MountedApp[] = [];
afterEach(async () => { while (mounted.length) await mounted.pop()!.destroy(); });

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
});
