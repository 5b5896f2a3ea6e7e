// Live runs end to end against the provider stand-in (a Node server on 127.0.0.1 started here, speaking each API's
// wire format from canned replies): a key typed into the Scenario panel's live section, a run whose tool executes
// and whose final answer shows in the event log, its saved scenario replayed offline with the same events; the
// failures a user meets (wrong key, rate limit, server error, cut stream, CORS refusal) end the run as pi ends it
// with a hint; Stop ends it as aborted. Then a leak scan: the key is in none of the page's storage, links, files,
// exports, the automation state or the event log (in sessionStorage only when the user asked to remember it).
import { expect, test, type Download, type Page } from '@playwright/test';
import { inflateSync, strFromU8, unzipSync } from 'fflate';
import { startProviderStandIn, toolThenAnswer, WIRE_APIS, type ProviderStandIn, type WireApi } from '../support/provider-stand-in/index.ts';
import { allViolations } from './axe-scan.ts';
import { openApp } from './support.ts';

let standIn: ProviderStandIn;
test.beforeAll(async () => {
  standIn = await startProviderStandIn();
  standIn.setScript('live-weather', toolThenAnswer('get_weather', { city: 'Paris' }, 'It is 8°C and sunny in Paris.'));
});
test.afterAll(() => standIn.close());

const newKey = () => `sk-live-e2e-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

async function bytesOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Opens the live section of the Scenario panel. */
async function openLive(page: Page): Promise<void> {
  await page.getByTestId('view-tab-scenario').click();
  await page.getByTestId('live-summary').click();
  await expect(page.getByTestId('live-section')).toHaveAttribute('data-status', 'idle');
}

/** Chooses a custom endpoint of `api` at the stand-in and types the key, as a user does. */
async function fillLive(page: Page, api: WireApi, model: string, key: string, remember = false): Promise<void> {
  await page.getByTestId('live-provider').selectOption('custom');
  await page.getByTestId('live-api').selectOption(api);
  await page.getByTestId('live-model').fill(model);
  await page.getByTestId('live-base-url').fill(standIn.baseUrlFor(api));
  await page.getByTestId('live-key').fill(key);
  if (remember) await page.getByTestId('live-remember').check();
}

/** The primary recording as the Timeline's "Export JSON" saves it. */
async function exportedRecording(page: Page): Promise<{ text: string; events: { source: string; event: any }[] }> {
  await page.getByTestId('view-tab-timeline').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('run-export-json').click()]);
  const text = (await bytesOf(download)).toString('utf8');
  return { text, events: (JSON.parse(text) as { recording: { events: { source: string; event: any }[] } }).recording.events };
}

/**
 * pi's events as a user compares a run with its replay: types, and the final messages without wall-clock fields
 * (the model's identity stays: the saved scenario names its model, and the replay's messages carry it).
 */
function piOutline(events: { source: string; event: any }[]): unknown[] {
  const drop = new Set(['timestamp', 'responseId', 'usage', 'rawStopReason', 'textSignature', 'thinkingSignature', 'thoughtSignature']);
  return events.filter((e) => e.source === 'pi' && e.event.type !== 'message_update')
    .map((e) => (e.event.type === 'message_end' || e.event.type === 'tool_execution_end'
      ? JSON.parse(JSON.stringify(e.event, (k, v) => (drop.has(k) ? undefined : v)))
      : e.event.type));
}

/** Every text the page keeps in IndexedDB (all databases, all stores, keys and values; bytes and blobs decoded). */
function indexedDbText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const decoder = new TextDecoder();
    const texts: string[] = [];
    const walk = async (value: unknown): Promise<void> => {
      if (typeof value === 'string') texts.push(value);
      else if (value instanceof Blob) texts.push(await value.text());
      else if (value instanceof ArrayBuffer) texts.push(decoder.decode(value));
      else if (ArrayBuffer.isView(value)) texts.push(decoder.decode(value));
      else if (Array.isArray(value)) for (const item of value) await walk(item);
      else if (value instanceof Map) for (const [k, v] of value) { await walk(k); await walk(v); }
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) { texts.push(k); await walk(v); }
    };
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name!);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const store = db.transaction(name, 'readonly').objectStore(name);
        const read = (request: IDBRequest) => new Promise<unknown>((resolve) => { request.onsuccess = () => resolve(request.result); });
        await walk(await read(store.getAllKeys()));
        await walk(await read(store.getAll()));
      }
      db.close();
    }
    return texts.join('\n');
  });
}

const storageText = (page: Page, which: 'localStorage' | 'sessionStorage') => page.evaluate((name) => {
  const storage = window[name];
  return Array.from({ length: storage.length }, (_, i) => `${storage.key(i)}=${storage.getItem(storage.key(i)!)}`).join('\n');
}, which);

/** The share link of the whole workspace, and the JSON it carries. */
async function shareLinkTexts(page: Page): Promise<string[]> {
  await page.getByTestId('share-open').click();
  const link = await page.getByTestId('share-link').inputValue();
  await page.keyboard.press('Escape');
  const token = /#share=v1\.([A-Za-z0-9_-]+)\./.exec(link)?.[1];
  expect(token).toBeTruthy();
  return [link, strFromU8(inflateSync(new Uint8Array(Buffer.from(token!, 'base64url'))))];
}

async function workspaceFileText(page: Page): Promise<string> {
  await page.getByTestId('workspace-menu').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('menu-export-file').click()]);
  return (await bytesOf(download)).toString('utf8');
}

async function exportToPiTexts(page: Page): Promise<string[]> {
  await page.getByTestId('workspace-menu').click();
  await page.getByTestId('menu-export-pi').click();
  await page.getByTestId('export-pi-tab-scenario').click();
  await page.getByTestId('export-pi-prepare').click();
  await expect(page.getByTestId('export-pi-panel')).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-pi-download-zip').click()]);
  const files = unzipSync(new Uint8Array(await bytesOf(download)));
  await page.getByTestId('export-pi-done').click();
  return Object.entries(files).map(([name, bytes]) => `${name}\n${strFromU8(bytes)}`);
}

test('a live run in the Scenario panel: the tool runs, the answer arrives, the run replays offline, and the key is nowhere', async ({ page }) => {
  const key = newKey();
  await openApp(page);
  await openLive(page);
  await page.getByTestId('live-section').getByText('Not available in a browser', { exact: true }).click();
  await expect(page.getByTestId('live-unavailable').locator('[data-provider="amazon-bedrock"]')).toContainText('AWS');
  await expect(page.getByTestId('live-provider').locator('option[value="amazon-bedrock"]')).toBeDisabled();
  await expect(page.getByTestId('live-key')).toHaveAttribute('type', 'password');
  expect(await allViolations(page, '[data-testid="live-section"]')).toEqual([]);
  await fillLive(page, 'openai-completions', 'live-weather', key);
  standIn.frameDelayMs = 60; // slow enough to see the request in flight
  await page.getByTestId('live-run').click();
  const host = new URL(standIn.url).host;
  await expect(page.getByTestId('live-in-flight')).toHaveAttribute('data-host', host);
  await expect(page.getByTestId('transport-live')).toHaveAttribute('data-host', host);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  standIn.frameDelayMs = 4;
  await expect(page.getByTestId('live-status')).toContainText('replays offline');
  expect(standIn.requests.filter((r) => r.model === 'live-weather').map((r) => r.apiKey)).toEqual([key, key]);

  // The tool executed in our sandbox and its result went back to the model; the final answer is on the log.
  const second = standIn.requests.filter((r) => r.model === 'live-weather')[1].body as { messages: { role: string; content: unknown }[] };
  expect(JSON.stringify(second.messages.filter((m) => m.role === 'tool'))).toContain('Paris');
  await page.getByTestId('view-tab-events').click();
  await expect(page.locator('[data-testid="event-row"][data-type="tool_execution_end"]').first()).toBeVisible();
  const liveLogText = await page.getByTestId('events-panel').innerText();
  const live = await exportedRecording(page);
  expect(JSON.stringify(live.events)).toContain('It is 8°C and sunny in Paris.');
  const toolEnd = live.events.find((e) => e.event.type === 'tool_execution_end');
  expect(toolEnd?.event).toMatchObject({ toolName: 'get_weather', isError: false });

  // The run was saved as a scenario, selected: replaying it offline gives the same events.
  const state = await page.evaluate(() => window.piPlayground!.getState());
  expect(state.live).toMatchObject({ status: 'done', scenarioId: state.scenario?.id, inFlightHost: null });
  expect(state.outOfDate).toEqual([]);
  const requestsBefore = standIn.requests.length;
  expect((await page.evaluate(() => window.piPlayground!.restart())).ok).toBe(true);
  const replay = await exportedRecording(page);
  expect(standIn.requests.length).toBe(requestsBefore);
  expect(piOutline(replay.events)).toEqual(piOutline(live.events));

  // The leak scan, after the workspace (with the saved scenario) is written.
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  const places: [string, string][] = [
    ['IndexedDB', await indexedDbText(page)],
    ['localStorage', await storageText(page, 'localStorage')],
    ['sessionStorage', await storageText(page, 'sessionStorage')],
    ...(await shareLinkTexts(page)).map((text) => ['share link', text] as [string, string]),
    ['workspace file', await workspaceFileText(page)],
    ...(await exportToPiTexts(page)).map((text) => ['export to pi', text] as [string, string]),
    ['getState()', JSON.stringify(await page.evaluate(() => window.piPlayground!.getState()))],
    ['recording export', live.text],
    ['event log of the live run', liveLogText],
  ];
  await page.getByTestId('view-tab-events').click();
  places.push(['event log of the replay', await page.getByTestId('events-panel').innerText()]);
  expect(places.find(([, text]) => text.includes('It is 8°C') || text.includes('live-weather'))).toBeTruthy();
  expect(places.filter(([, text]) => text.includes(key)).map(([where]) => where)).toEqual([]);
});

test('a catalog model with its key remembered for the tab: in sessionStorage only, and there after a reload', async ({ page }) => {
  const key = newKey();
  await openApp(page);
  await openLive(page);
  await page.getByTestId('live-provider').selectOption('anthropic');
  await expect(page.locator('#live-models option[value="claude-opus-4-5"]')).toHaveCount(1);
  await page.getByTestId('live-model').fill('claude-opus-4-5');
  await page.getByTestId('live-base-url').fill(standIn.baseUrlFor('anthropic-messages'));
  await page.getByTestId('live-key').fill(key);
  await page.getByTestId('live-remember').check();
  await page.getByTestId('live-run').click();
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  expect((await page.evaluate(() => window.piPlayground!.getState())).live?.model).toBe('anthropic/claude-opus-4-5');
  expect(standIn.requests.at(-1)).toMatchObject({ api: 'anthropic-messages', model: 'claude-opus-4-5', apiKey: key });
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  expect(await storageText(page, 'sessionStorage')).toContain(key);
  expect(await storageText(page, 'localStorage')).not.toContain(key);
  expect(await indexedDbText(page)).not.toContain(key);
  await page.reload();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await page.getByTestId('view-tab-scenario').click();
  await page.getByTestId('live-provider').selectOption('anthropic');
  await expect(page.getByTestId('live-key')).toHaveValue(key);
  await expect(page.getByTestId('live-remember')).toBeChecked();
  // The section speaks Chinese too.
  await page.evaluate(() => window.piPlayground!.setLanguage('zh-CN'));
  await expect(page.getByTestId('live-run')).toHaveText('实时运行');
  await expect(page.getByTestId('live-summary')).toHaveText('用真实模型运行');
});

test('failures end the run as pi ends them, with pi’s text, the key scrubbed, and what to do next; Stop aborts', async ({ page }) => {
  const key = newKey();
  await openApp(page);
  await openLive(page);
  const cases: [string, string][] = [['standin-401', 'key'], ['standin-429', 'rate-limit'], ['standin-500', 'server'], ['standin-cut', 'stream'], ['standin-no-cors', 'network']];
  for (const [model, hint] of cases) {
    await fillLive(page, 'openai-responses', model, key);
    await page.getByTestId('live-run').click();
    const status = page.getByTestId('live-status');
    await expect(status).toHaveAttribute('data-status', 'error', { timeout: 30_000 });
    await expect(status, model).toHaveAttribute('data-hint', hint);
    await expect(page.getByTestId('live-hint')).toBeVisible();
    expect(await page.getByTestId('live-error').innerText()).not.toContain(key);
  }
  await expect(page.getByTestId('live-error')).not.toContainText(key);
  // The 401 quoted the key: pi's text arrives with it removed.
  const state = await page.evaluate(() => window.piPlayground!.getState());
  expect(JSON.stringify(state)).not.toContain(key);

  await fillLive(page, 'openai-responses', 'standin-hold', key);
  await page.getByTestId('live-run').click();
  await expect(page.getByTestId('live-in-flight')).toBeVisible();
  await page.getByTestId('live-stop').click();
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'aborted', { timeout: 15_000 });
  const aborted = await exportedRecording(page);
  const ends = aborted.events.filter((e) => e.source === 'pi' && e.event.type === 'message_end' && e.event.message.role === 'assistant');
  expect(ends.at(-1)?.event.message.stopReason).toBe('aborted');
  expect(aborted.events.at(-1)?.event.type).toBe('agent_end');
});

test('runLive over each of the five APIs: the tool runs, the run is recorded and saved, and bad arguments are refused by name', async ({ page }) => {
  await openApp(page);
  const refusals = await page.evaluate(async () => {
    const api = window.piPlayground!;
    return [
      await api.runLive(null as never),
      await api.runLive({ api: 'bedrock-converse-stream', model: 'x', apiKey: 'k' }),
      await api.runLive({ api: 'openai-completions', model: '', apiKey: 'k' }),
      await api.runLive({ api: 'openai-completions', model: 'm', apiKey: 'k', baseUrl: 'ftp://example.com' }),
      await api.runLive({ api: 'openai-completions', model: 'm' }),
    ].map((answer) => (answer.ok ? 'ok' : answer.error));
  });
  expect(refusals[1]).toMatch(/^api must be one of/);
  expect(refusals[2]).toMatch(/^model /);
  expect(refusals[3]).toMatch(/^baseUrl /);
  expect(refusals[4]).toMatch(/^apiKey /);
  expect(refusals[0]).toContain('runLive needs');

  for (const api of WIRE_APIS) {
    const key = newKey();
    const answer = await page.evaluate(
      (options) => window.piPlayground!.runLive(options),
      { api, model: 'live-weather', apiKey: key, baseUrl: standIn.baseUrlFor(api) },
    );
    expect(answer.ok, api).toBe(true);
    expect(answer.state.live, api).toMatchObject({ status: 'done', error: null });
    expect(answer.state.recordings[0]?.status).toBe('done');
    expect(answer.state.scenario?.id).toBe(answer.state.live?.scenarioId);
    // One call (OpenAI Responses ids it as call id|item id), run to its result.
    expect(Object.values(answer.state.phaseByCall), api).toEqual(['done']);
    expect(Object.keys(answer.state.phaseByCall)[0]).toMatch(/^call_standin_1/);
    expect(standIn.requests.filter((r) => r.api === api).at(-1)?.apiKey).toBe(key);
    expect(JSON.stringify(answer)).not.toContain(key);
    const recording = await exportedRecording(page);
    expect(JSON.stringify(recording.events), api).toContain('It is 8°C and sunny in Paris.');
    expect(recording.text).not.toContain(key);
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    expect(await indexedDbText(page)).not.toContain(key);
    expect(await storageText(page, 'sessionStorage')).not.toContain(key);
  }
});
