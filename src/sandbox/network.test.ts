// Network access for tool code is a switch: off (the default), the sandbox frame's policy refuses every way out of
// the worker; on, connections reach a local test server. Refusals are also checked on the server's side: a refused
// request never arrives.
import { describe, expect, inject, it } from 'vitest';
import type { Sandbox } from './types.ts';
import { testSandbox, text, toolSource, tsFile } from './testing/helpers.ts';

const server = inject('netTestServer');

const PROBE = toolSource('probe', `
    try {
      const value = await new Function("origin", "return (async () => {" + args.code + "})()")(args.origin);
      return { content: [{ type: "text", text: "ok: " + String(value) }], details: {} };
    } catch (e) {
      return { content: [{ type: "text", text: "failed: " + (e && e.name) + ": " + (e && e.message) }], details: {} };
    }`);

/** Each way out, as tool code would try it; resolves with what came back, rejects when refused. */
const ATTEMPTS: Record<string, (path: string) => string> = {
  fetch: (path) => `return await (await fetch(origin + "${path}")).text();`,
  XMLHttpRequest: (path) => `return await new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", origin + "${path}");
    xhr.onload = () => resolve(xhr.responseText);
    xhr.onerror = () => reject(new Error("XMLHttpRequest failed"));
    xhr.send();
  });`,
  WebSocket: (path) => `return await new Promise((resolve, reject) => {
    const socket = new WebSocket(origin.replace("http:", "ws:") + "${path}");
    socket.onmessage = (event) => { resolve(event.data); socket.close(); };
    socket.onerror = () => reject(new Error("WebSocket failed"));
  });`,
  EventSource: (path) => `return await new Promise((resolve, reject) => {
    const source = new EventSource(origin + "${path}");
    source.onmessage = (event) => { resolve(event.data); source.close(); };
    source.onerror = () => { source.close(); reject(new Error("EventSource failed")); };
  });`,
  'import()': (path) => `return (await import(origin + "${path}.js")).loaded;`,
  importScripts: (path) => `importScripts(origin + "${path}.js"); return globalThis.remoteScriptRan;`,
  FontFace: (path) => `const face = new FontFace("probe", "url(" + origin + "${path}.woff2)"); await face.load(); return face.status;`,
};

async function probeTool(sandbox: Sandbox) {
  const [tool] = sandbox.agentTools(await sandbox.evaluate([tsFile('probe', PROBE)]));
  return async (code: string) => text(await tool.execute('c1', { code, origin: server }));
}

async function hits(): Promise<string[]> {
  return (await fetch(`${server}/__hits`)).json();
}

describe('sandbox network switch', () => {
  it('is off by default: fetch, XMLHttpRequest, WebSocket, EventSource, import(), importScripts and FontFace are refused and reach nothing', async () => {
    const sandbox = testSandbox();
    expect(sandbox.network).toBe(false);
    const probe = await probeTool(sandbox);
    for (const [name, attempt] of Object.entries(ATTEMPTS)) {
      expect(await probe(attempt(`/off-${name}`)), name).toMatch(/^failed: /);
    }
    const arrived = (await hits()).filter((path) => path.includes('/off-'));
    expect(arrived).toEqual([]);
  });

  it('leaves no window-only way out in the worker: no Image, sendBeacon, document or nested frames', async () => {
    const probe = await probeTool(testSandbox());
    expect(await probe('return [typeof Image, typeof navigator.sendBeacon, typeof document, typeof HTMLIFrameElement, typeof Audio].join(" ")'))
      .toBe('ok: undefined undefined undefined undefined undefined');
  });

  it('once on, fetch, XMLHttpRequest, WebSocket and EventSource reach the local test server', async () => {
    const probe = await probeTool(testSandbox({ network: true }));
    expect(await probe(ATTEMPTS.fetch('/on-fetch'))).toBe('ok: pong');
    expect(await probe(ATTEMPTS.XMLHttpRequest('/on-xhr'))).toBe('ok: pong');
    expect(await probe(ATTEMPTS.WebSocket('/on-socket'))).toBe('ok: hello from the test server');
    expect(await probe(ATTEMPTS.EventSource('/events-on'))).toBe('ok: hello from the test server');
    expect(await hits()).toEqual(expect.arrayContaining(['/on-fetch', '/on-xhr', 'ws:/on-socket', '/events-on']));
  });

  it('once on, still loads no remote code or fonts (the switch opens connections only)', async () => {
    const probe = await probeTool(testSandbox({ network: true }));
    for (const name of ['import()', 'importScripts', 'FontFace']) {
      expect(await probe(ATTEMPTS[name](`/on-code-${name}`)), name).toMatch(/^failed: /);
    }
    expect((await hits()).filter((path) => path.includes('/on-code-'))).toEqual([]);
  });

  it('switching re-creates the sandbox with the new policy; the tools evaluated before run under it without another evaluate', async () => {
    const sandbox = testSandbox();
    const [tool] = sandbox.agentTools(await sandbox.evaluate([tsFile('probe', PROBE)]));
    const run = async (path: string) => text(await tool.execute('c1', { code: ATTEMPTS.fetch(path), origin: server }));
    expect(await run('/switch-1')).toMatch(/^failed: TypeError/);
    await sandbox.setNetwork(true);
    expect(sandbox.network).toBe(true);
    expect(document.querySelectorAll('iframe[data-testid="tool-sandbox-frame"]')).toHaveLength(1);
    expect(await run('/switch-2')).toBe('ok: pong');
    await sandbox.setNetwork(false);
    expect(await run('/switch-3')).toMatch(/^failed: TypeError/);
    const arrived = (await hits()).filter((path) => path.startsWith('/switch-'));
    expect(arrived).toEqual(['/switch-2']);
  });
});
