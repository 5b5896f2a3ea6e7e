// User code runs in an opaque origin: it cannot reach the app's storage, cookies or DOM.
import { describe, expect, it } from 'vitest';
import { get, set } from 'idb-keyval';
import { testSandbox, text, toolSource, tsFile } from './testing/helpers.ts';

const PROBE = toolSource('probe', `
    try {
      const value = await new Function("return (async () => {" + args.code + "})()")();
      return { content: [{ type: "text", text: "ok: " + String(value) }], details: {} };
    } catch (e) {
      return { content: [{ type: "text", text: "failed: " + (e && e.name) + ": " + (e && e.message) }], details: {} };
    }`);

async function probe(code: string, network = false): Promise<string> {
  const sandbox = testSandbox({ network });
  const [tool] = sandbox.agentTools(await sandbox.evaluate([tsFile('probe', PROBE)]));
  return text(await tool.execute('c1', { code }));
}

describe('sandbox isolation', () => {
  it('runs user code in a worker with an opaque origin, inside a frame without allow-same-origin', async () => {
    expect(await probe('return self.origin + " " + location.href.slice(0, 10) + " " + (typeof WorkerGlobalScope)')).toBe('ok: null blob:null/ function');
    const frame = document.querySelector('iframe[data-testid="tool-sandbox-frame"]');
    expect(frame?.getAttribute('sandbox')).toBe('allow-scripts');
  });

  it('cannot read the app\'s IndexedDB, although the app can', async () => {
    await set('sandbox-marker', 'secret-from-the-app');
    expect(await get('sandbox-marker')).toBe('secret-from-the-app');
    const outcome = await probe(`
      const request = indexedDB.open("keyval-store");
      return await new Promise((resolve, reject) => {
        request.onsuccess = () => resolve("opened " + request.result.objectStoreNames.length);
        request.onerror = () => reject(request.error);
      });`);
    expect(outcome).toMatch(/^failed: SecurityError: .*access to the Indexed Database API is denied/);
  });

  it('has no localStorage, document.cookie, parent or top to reach the app through', async () => {
    localStorage.setItem('sandbox-marker', 'secret');
    document.cookie = 'sandbox-marker=secret';
    expect(await probe('return localStorage.getItem("sandbox-marker")')).toBe('failed: ReferenceError: localStorage is not defined');
    expect(await probe('return document.cookie')).toBe('failed: ReferenceError: document is not defined');
    expect(await probe('return parent.document.title')).toBe('failed: ReferenceError: parent is not defined');
    expect(await probe('return top.location.href')).toBe('failed: ReferenceError: top is not defined');
    expect(await probe('return self.parent')).toBe('ok: undefined');
    localStorage.removeItem('sandbox-marker');
  });

  it('cannot send cookies to the app\'s origin either: its requests come from origin "null"', async () => {
    const outcome = await probe(`
      const response = await fetch(${JSON.stringify(location.origin)} + "/", { credentials: "include" });
      return response.status;`, true);
    // With network access on (off, nothing leaves at all: network.test.ts). The dev server does not allow origin "null", so the request fails before user code sees the response.
    expect(outcome).toMatch(/^failed: TypeError: Failed to fetch/);
  });
});
