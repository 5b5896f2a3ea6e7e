// The exact token count in the providers panel, against a local stand-in of Anthropic's and Gemini's count
// endpoints: nothing is sent until the button is pressed, the request carries the tool list the panel shows, the
// figure appears beside the estimate with its source named, and a failure says what to do without the key.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { page } from 'vitest/browser';
import type { ApiVariant } from '../../ai/providers/index.ts';
import { ApiKeys } from '../../state/live/api-keys.svelte.ts';
import { mountApp, type MountedApp } from '../testing/mount-app.ts';

const origin = inject('countEndpoints');
const mounted: MountedApp[] = [];
afterEach(async () => { while (mounted.length) await mounted.pop()!.destroy(); });

interface Recorded { path: string; headers: Record<string, string>; body: { tools?: unknown[]; generateContentRequest?: { tools?: unknown[] } } }
const requests = async (): Promise<Recorded[]> => (await fetch(`${origin}/__requests`)).json();

async function openPanel(options: { baseUrl?: (variant: ApiVariant) => string } = {}) {
  const apiKeys = new ApiKeys(null);
  mounted.push(await mountApp({
    apiKeys,
    exactTokens: { baseUrl: options.baseUrl ?? ((variant) => (variant.api === 'google-generative-ai' ? `${origin}/v1beta` : origin)) },
  }));
  await page.getByTestId('view-tab-providers').click();
  await expect.element(page.getByTestId('providers-json')).toBeVisible();
  return apiKeys;
}

const shownTools = () => JSON.parse([...document.querySelectorAll('[data-testid="providers-json-text"] .line')].map((l) => l.textContent).join('\n')) as unknown[];

describe('exact tool token counts in the providers panel', () => {
  it('counts Anthropic\'s tool list on request only, and shows the exact figure beside the labelled estimate', async () => {
    const apiKeys = await openPanel();
    await page.getByTestId('providers-tab-anthropic-messages').click();
    await expect.element(page.getByTestId('providers-tokens')).toHaveAttribute('data-status', 'ready');
    const before = (await requests()).length;
    await expect.element(page.getByTestId('providers-tokens-exact')).toHaveAttribute('data-status', 'idle');
    await expect.element(page.getByTestId('providers-tokens-exact-count')).toBeDisabled();
    expect((await requests()).length).toBe(before); // nothing is sent by showing the panel

    await page.getByTestId('providers-tokens-exact-key').fill('sk-ant-api03-test-key-for-counting');
    await page.getByTestId('providers-tokens-exact-count').click();
    const figure = page.getByTestId('providers-tokens-exact-figure');
    await expect.element(figure).toHaveTextContent('Exact, from Anthropic: 1200 tokens for the tool definitions');
    await expect.element(figure).toHaveAttribute('data-tokens', '1200');
    await expect.element(page.getByTestId('providers-tokens-method')).toHaveTextContent(/^Approximate: /);
    await expect.element(page.getByTestId('providers-tokens-estimate-label')).toHaveTextContent('The table above is an estimate (an approximation); this figure comes from the provider.');

    const sent = (await requests()).slice(before);
    expect(sent.map((r) => r.path)).toEqual(['/v1/messages/count_tokens', '/v1/messages/count_tokens']);
    expect(sent[0].headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect(sent[0].body.tools).toEqual(shownTools());
    expect(sent[1].body.tools).toBeUndefined();
    // The key went to the key store's memory, not to the session.
    expect(apiKeys.get('anthropic')).toBe('sk-ant-api03-test-key-for-counting');
    expect(apiKeys.remembered('anthropic')).toBe(false);
  });

  it('counts Gemini\'s tool list through countTokens with the key already in the store', async () => {
    const apiKeys = await openPanel();
    apiKeys.set('google', 'AIza-test-key-for-counting-0001');
    await page.getByTestId('providers-tab-google-generative-ai').click();
    await expect.element(page.getByTestId('providers-tokens')).toHaveAttribute('data-status', 'ready');
    await expect.element(page.getByTestId('providers-tokens-exact-key')).not.toBeInTheDocument();
    const before = (await requests()).length;
    await page.getByTestId('providers-tokens-exact-count').click();
    await expect.element(page.getByTestId('providers-tokens-exact-figure')).toHaveTextContent('Exact, from Google: 320 tokens for the tool definitions');
    const [withTools] = (await requests()).slice(before);
    expect(withTools.path).toBe('/v1beta/models/gemini-2.5-flash:countTokens');
    expect(withTools.body.generateContentRequest?.tools).toEqual(shownTools());
  });

  it('offers no exact count where the provider has no count endpoint', async () => {
    await openPanel();
    await expect.element(page.getByTestId('providers-tokens')).toHaveAttribute('data-status', 'ready');
    await expect.element(page.getByTestId('providers-tokens-exact')).not.toBeInTheDocument();
  });

  it('a refused key is said plainly, with what to do, and the key appears nowhere on the page', async () => {
    await openPanel();
    await page.getByTestId('providers-tab-anthropic-messages').click();
    const key = 'bad-sk-ant-api03-Secret9876543210';
    await page.getByTestId('providers-tokens-exact-key').fill(key);
    await page.getByTestId('providers-tokens-exact-count').click();
    const error = page.getByTestId('providers-tokens-exact-error');
    await expect.element(error).toHaveAttribute('data-kind', 'unauthorized');
    await expect.element(error).toHaveTextContent('Anthropic refused the key (401). Check that it is a valid Anthropic API key for this model and enter it again.');
    await expect.element(error).toHaveTextContent('Anthropic said: “invalid x-api-key: [key]”');
    expect(document.body.innerText).not.toContain('Secret9876543210');
    expect((document.querySelector('[data-testid="providers-tokens-exact-key"]') as HTMLInputElement).value).toBe('');
  });

  it('no answer at all names the host and what to check, never the key', async () => {
    await openPanel({ baseUrl: () => 'http://127.0.0.1:9' });
    await page.getByTestId('providers-tab-anthropic-messages').click();
    await page.getByTestId('providers-tokens-exact-key').fill('sk-ant-api03-unreachable-1234567');
    await page.getByTestId('providers-tokens-exact-count').click();
    const error = page.getByTestId('providers-tokens-exact-error');
    await expect.element(error).toHaveAttribute('data-kind', 'network');
    await expect.element(error).toHaveTextContent(/^No answer from 127\.0\.0\.1:9: you may be offline, or the browser refused the request/);
    expect(document.body.innerText).not.toContain('unreachable-1234567');
  });
});
