// Fault probes for network access from tool code, in the built app (page policy and sandbox policy together). Each
// way out is a probe: with the switch off (the default) it is refused cleanly — the tool's own catch reports it,
// the call ends, the local test server never hears of it and the app stays usable. With the switch on, connections
// reach a local server; a workspace opened from a share link starts with the switch off again.
import { expect, test, type Page } from '@playwright/test';
import { createStarterWorkspace } from '../../src/content/examples/index.ts';
import { createShareUrl } from '../../src/portable/index.ts';
import { startNetTestServer, type NetTestServer } from '../support/net-test-server.ts';
import { openApp, replaceEditorText, selectTool } from './support.ts';

let server: NetTestServer;
test.beforeAll(async () => { server = await startNetTestServer(); });
test.afterAll(async () => { await server.close(); });

// The echo tool becomes a probe: it tries `attempt` against `url` and says what happened, never throwing.
const PROBE_TOOL = `import { Type } from "@earendil-works/pi-ai";

const attempts = {
  fetch: async (url) => (await fetch(url)).text(),
  "fetch keepalive": async (url) => (await fetch(url, { method: "POST", body: "secret", keepalive: true })).text(),
  XMLHttpRequest: (url) => new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", url);
    xhr.onload = () => resolve(xhr.responseText);
    xhr.onerror = () => reject(new Error("XMLHttpRequest failed"));
    xhr.send();
  }),
  WebSocket: (url) => new Promise((resolve, reject) => {
    const socket = new WebSocket(url.replace("http:", "ws:"));
    socket.onmessage = (event) => { resolve(event.data); socket.close(); };
    socket.onerror = () => reject(new Error("WebSocket failed"));
  }),
  EventSource: (url) => new Promise((resolve, reject) => {
    const source = new EventSource(url);
    source.onmessage = (event) => { resolve(event.data); source.close(); };
    source.onerror = () => { source.close(); reject(new Error("EventSource failed")); };
  }),
  "import()": async (url) => (await import(url + ".js")).loaded,
  importScripts: async (url) => { importScripts(url + ".js"); return "ran"; },
  FontFace: async (url) => { const face = new FontFace("probe", "url(" + url + ".woff2)"); await face.load(); return face.status; },
  Worker: (url) => new Promise((resolve, reject) => {
    const worker = new Worker(url + ".js");
    worker.onerror = () => reject(new Error("Worker failed"));
    setTimeout(() => resolve("started"), 500);
  }),
  Image: async (url) => { const image = new Image(); image.src = url + ".gif"; return "made"; },
  sendBeacon: async (url) => String(navigator.sendBeacon(url, "secret")),
};

export default {
  name: "echo",
  label: "Probe",
  description: "Tries one way of reaching the network.",
  parameters: Type.Object({ attempt: Type.String(), url: Type.String() }),
  async execute(_toolCallId, { attempt, url }) {
    let text;
    try {
      text = "reached: " + (await attempts[attempt](url));
    } catch (error) {
      text = "refused: " + (error && error.name) + ": " + (error && error.message);
    }
    // The URL first, so each call's answer is told apart from the one before it.
    return { content: [{ type: "text", text: "[" + url + "] " + text }], details: {} };
  },
};
`;

async function openProbe(page: Page): Promise<void> {
  await openApp(page);
  await selectTool(page, 'echo');
  await replaceEditorText(page, PROBE_TOOL);
  await expect(page.getByTestId('editor-title')).toHaveText('echo');
  await page.getByTestId('try-it-toggle').click();
  // The probe's own first arguments show once its code is evaluated; typing before that would be typed over.
  await expect(page.getByTestId('try-it-args')).toHaveValue(/"attempt"/);
}

async function tryAttempt(page: Page, attempt: string, path: string): Promise<string> {
  await page.getByTestId('try-it-args').fill(JSON.stringify({ attempt, url: `${server.origin}${path}` }));
  await page.getByTestId('try-it-run').click();
  const result = page.getByTestId('try-it-text');
  const prefix = `[${server.origin}${path}] `;
  await expect(result).toHaveText(new RegExp(`^${prefix.replace(/[[\].*+?^${}()|/\\]/g, '\\$&')}(reached|refused): `), { timeout: 15_000 });
  return ((await result.textContent()) ?? '').slice(prefix.length);
}

/** Each probe: the attempt is refused inside the tool, nothing arrives, and the app still runs the next call. */
const PROBES: { attempt: string; refusal: RegExp }[] = [
  { attempt: 'fetch', refusal: /^refused: TypeError: Failed to fetch/ },
  { attempt: 'fetch keepalive', refusal: /^refused: TypeError: Failed to fetch/ },
  { attempt: 'XMLHttpRequest', refusal: /^refused: Error: XMLHttpRequest failed/ },
  { attempt: 'WebSocket', refusal: /^refused: / },
  { attempt: 'EventSource', refusal: /^refused: Error: EventSource failed/ },
  // The sandbox resolves import() itself and names the modules tool code may import.
  { attempt: 'import()', refusal: /^refused: Error: Cannot find module "http:\/\/127\.0\.0\.1:\d+\/probe-off-import-\.js"\. Tool code can import: / },
  { attempt: 'importScripts', refusal: /^refused: NetworkError: / },
  { attempt: 'FontFace', refusal: /^refused: NetworkError: / },
  { attempt: 'Worker', refusal: /^refused: SecurityError: / },
  { attempt: 'Image', refusal: /^refused: ReferenceError: Image is not defined/ },
  { attempt: 'sendBeacon', refusal: /^refused: TypeError: navigator.sendBeacon is not a function/ },
];

for (const { attempt, refusal } of PROBES) {
  test(`probe ${attempt} from tool code with the network off: refused cleanly`, async ({ page }) => {
    await openProbe(page);
    await expect(page.getByTestId('sandbox-network')).toHaveAttribute('data-state', 'off');
    const path = `/probe-off-${attempt.replace(/\W+/g, '-')}`;
    expect(await tryAttempt(page, attempt, path)).toMatch(refusal);
    await expect(page.getByTestId('try-it-result')).toHaveAttribute('data-ok', 'true');
    expect(server.hits().filter((hit) => hit.includes(path))).toEqual([]);
  });
}

test('turned on, tool code reaches a local server by fetch and EventSource (a WebSocket only where the page allows ws:); the setting survives a reload', async ({ page }) => {
  await openProbe(page);
  const toggle = page.getByTestId('sandbox-network-switch');
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(page.getByTestId('sandbox-network')).toHaveAttribute('data-state', 'on');
  await expect(page.getByTestId('sandbox-network')).toHaveAttribute('data-status', 'idle');
  // The next call runs under the new setting: no re-evaluation or reload asked of the user.
  expect(await tryAttempt(page, 'fetch', '/probe-on-fetch')).toBe('reached: pong');
  expect(await tryAttempt(page, 'EventSource', '/events-probe-on')).toBe('reached: hello from the test server');
  expect(server.hits()).toEqual(expect.arrayContaining(['/probe-on-fetch', '/events-probe-on']));
  // The page's own policy lists local servers as http: only, and the frame inherits it: ws://127.0.0.1 stays refused.
  expect(await tryAttempt(page, 'WebSocket', '/probe-on-socket')).toMatch(/^refused: /);
  expect(server.hits()).not.toContain('ws:/probe-on-socket');
  // Remote code stays out even with the network on (the page's policy allows no remote scripts).
  expect(await tryAttempt(page, 'import()', '/probe-on-import')).toMatch(/^refused: /);

  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await page.reload();
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(page.getByTestId('sandbox-network-switch')).toBeChecked();
  await selectTool(page, 'echo');
  if (!(await page.getByTestId('try-it-args').isVisible())) await page.getByTestId('try-it-toggle').click();
  expect(await tryAttempt(page, 'fetch', '/probe-after-reload')).toBe('reached: pong');

  // Off again: the next call is refused.
  await page.getByTestId('sandbox-network-switch').uncheck();
  await expect(page.getByTestId('sandbox-network')).toHaveAttribute('data-status', 'idle');
  expect(await tryAttempt(page, 'fetch', '/probe-off-again')).toMatch(/^refused: TypeError/);
  expect(server.hits()).not.toContain('/probe-off-again');
});

test('a workspace opened from a share link that claims the network on starts with it off', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('sandbox-network-switch').check();
  await expect(page.getByTestId('sandbox-network')).toHaveAttribute('data-state', 'on');
  const link = createShareUrl(new URL('/', page.url()).href, {
    scope: 'workspace',
    workspace: { ...createStarterWorkspace(), sandboxNetwork: { allowed: true } } as never,
  });
  await page.goto(link);
  await expect(page.getByTestId('incoming-dialog')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('incoming-network-note')).toBeVisible();
  await page.getByTestId('incoming-open').click();
  await expect(page.getByTestId('incoming-dialog')).toBeHidden();
  await expect(page.getByTestId('sandbox-network')).toHaveAttribute('data-state', 'off');
  await expect(page.getByTestId('sandbox-network-switch')).not.toBeChecked();
});
