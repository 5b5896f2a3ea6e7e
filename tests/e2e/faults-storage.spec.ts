// Fault-injection probes against the built app: each seeds IndexedDB (or a link, a file) with one fault, loads the
// app, and checks what the user sees and that nothing was lost — the damaged record still stored and kept aside,
// the good tools and scenarios present, edits surviving quick reloads and navigation, the lesson stash, and
// storage refusals shown as a status.
import { expect, test, type Page } from '@playwright/test';
import { createStarterWorkspace } from '../../src/content/examples/index.ts';
import { LESSONS } from '../../src/content/lessons/index.ts';
import { encodeShareToken } from '../../src/portable/index.ts';
import { encodeWorkspaceFile } from '../../src/portable/index.ts';
import { editorContent, openApp } from './support.ts';

const RECORD_KEY = 'workspace:default';
const DAMAGED_KEY = 'damaged:workspace:default';
const starter = createStarterWorkspace();
const [toolA, toolB] = starter.tools;
const names = (page: Page) => page.getByTestId('tool-item').evaluateAll((items) => items.map((i) => i.getAttribute('data-name')));

function workspace(extra: Record<string, unknown> = {}) {
  return { tools: [{ ...toolA }, { ...toolB }], hooks: starter.hooks, settings: { ...starter.settings }, ...extra };
}

function record(ws: object, fields: Record<string, unknown> = {}) {
  return { revision: 3, writer: 'other-tab', savedAt: 1_700_000_000_000, workspace: ws, ...fields };
}

/** Writes `entries` into the app's store (idb-keyval: database `pi-playground`, store `kv`) before the app runs. */
async function seed(page: Page, entries: Record<string, unknown>): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate((values) => new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('pi-playground');
    open.onupgradeneeded = () => open.result.createObjectStore('kv');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('kv', 'readwrite');
      for (const [key, value] of Object.entries(values)) tx.objectStore('kv').put(value, key);
      tx.oncomplete = () => { db.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
  }), entries);
}

/** What the store holds under `key` now (read with the raw IndexedDB API, beside the app). */
function stored(page: Page, key: string): Promise<unknown> {
  return page.evaluate((k) => new Promise<unknown>((resolve, reject) => {
    const open = indexedDB.open('pi-playground');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const request = db.transaction('kv', 'readonly').objectStore('kv').get(k);
      request.onsuccess = () => { db.close(); resolve(request.result); };
      request.onerror = () => reject(request.error);
    };
  }), key);
}

async function load(page: Page): Promise<void> {
  await page.goto('/?welcome=0');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
}

/** Seeds a damaged record, loads the app, and checks the banner, the untouched record and its kept copy. */
async function expectDamaged(page: Page, seeded: unknown, issue: RegExp): Promise<void> {
  await seed(page, { [RECORD_KEY]: seeded });
  await load(page);
  const banner = page.getByTestId('storage-damaged');
  await expect(banner).toBeVisible();
  await expect(banner.getByTestId('storage-damaged-issues')).toContainText(issue);
  await expect(page.getByTestId('save-status')).toContainText('Not saving');
  // Nothing is saved over it while the user has not chosen (autosave runs 400 ms after a change).
  await page.waitForTimeout(800);
  expect(await stored(page, RECORD_KEY)).toEqual(seeded);
  const copies = await stored(page, DAMAGED_KEY) as { record: unknown }[];
  expect(copies.map((c) => c.record)).toContainEqual(seeded);
}

test.describe('a damaged stored record is kept, named and repairable', () => {
  test('a wrong-typed revision ("7")', async ({ page }) => {
    const seeded = record(workspace(), { revision: '7' });
    await expectDamaged(page, seeded, /revision: expected a whole number, found "7"/);
    expect(await names(page)).toEqual([toolA.name, toolB.name]);
    // An edit made before choosing does not overwrite the damaged record either; Repair then saves it.
    await editorContent(page).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText('\n// edited-while-damaged');
    await page.waitForTimeout(800);
    expect(await stored(page, RECORD_KEY)).toEqual(seeded);
    await page.getByTestId('storage-damaged-repair').click();
    await expect(page.getByTestId('storage-damaged')).toHaveCount(0);
    await expect.poll(async () => (await stored(page, RECORD_KEY) as { revision: unknown }).revision).toBe(8);
    const repaired = await stored(page, RECORD_KEY) as { workspace: { tools: { id: string; source: string }[] } };
    expect(repaired.workspace.tools.map((t) => t.id)).toEqual([toolA.id, toolB.id]);
    expect(repaired.workspace.tools[0].source).toContain('// edited-while-damaged');
    expect((await stored(page, DAMAGED_KEY) as { record: unknown }[])[0].record).toEqual(seeded);
  });

  test('tools stored as an object', async ({ page }) => {
    const seeded = record(workspace({ tools: { first: { ...toolA }, second: { ...toolB } } }));
    await expectDamaged(page, seeded, /workspace\.tools: expected a list, found \{…\}/);
    expect(await names(page)).toEqual([toolA.name, toolB.name]);
    await page.getByTestId('storage-damaged-repair').click();
    await expect.poll(async () => (await stored(page, RECORD_KEY) as { workspace: { tools: { id: string }[] } }).workspace.tools.map((t) => t.id))
      .toEqual([toolA.id, toolB.id]);
  });

  test('one tool with a bad field among good ones', async ({ page }) => {
    const bad = { id: 'calc-id', name: 'calc', kind: 'typescript', source: 42 };
    const seeded = record(workspace({ tools: [{ ...toolA }, { ...toolB }, bad] }));
    await expectDamaged(page, seeded, /tool 3 \("calc"\): source must be a string, found 42/);
    await expect(page.getByTestId('storage-damaged-issues')).toContainText('(Repair drops it)');
    expect(await names(page)).toEqual([toolA.name, toolB.name]);
    await page.getByTestId('storage-damaged-repair').click();
    await expect.poll(async () => (await stored(page, RECORD_KEY) as { workspace: { tools: unknown[] } }).workspace.tools.length).toBe(2);
    // The dropped tool is still in the kept copy.
    expect((await stored(page, DAMAGED_KEY) as { record: { workspace: { tools: unknown[] } } }[])[0].record.workspace.tools).toContainEqual(bad);
  });

  test('a scenario with a bad field', async ({ page }) => {
    const good = { id: 's-good', name: 'Good one', text: '{"turns": []}\n' };
    const seeded = record(workspace({ scenarios: { version: 1, items: [good, { id: 's-bad', name: 'broken', text: 5 }] } }));
    await expectDamaged(page, seeded, /scenario 2 \("broken"\): text must be a string, found 5/);
    await page.getByTestId('storage-damaged-repair').click();
    await expect.poll(async () => (await stored(page, RECORD_KEY) as { workspace: { scenarios: { items: unknown[] } } }).workspace.scenarios?.items)
      .toEqual([good]);
  });

  test('a record stored as truncated JSON text: download it, or reset to the examples', async ({ page }) => {
    const seeded = JSON.stringify(record(workspace())).slice(0, -25);
    await expectDamaged(page, seeded, /record: expected a workspace record, found "\{/);
    await expect(page.getByTestId('storage-damaged-repair')).toHaveCount(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('storage-damaged-download').click()]);
    const text = await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        let out = '';
        stream.on('data', (chunk: Buffer) => { out += chunk.toString('utf8'); });
        stream.on('end', () => resolve(out));
        stream.on('error', reject);
      });
    });
    expect(text).toBe(seeded);
    await page.getByTestId('storage-damaged-reset').click();
    await expect(page.getByTestId('storage-damaged')).toHaveCount(0);
    await expect.poll(async () => typeof (await stored(page, RECORD_KEY) as { revision?: unknown } | undefined)?.revision).toBe('number');
    expect((await stored(page, DAMAGED_KEY) as { record: unknown }[])[0].record).toBe(seeded);
  });

  test('a missing required field (the tool list)', async ({ page }) => {
    const { tools: _tools, ...withoutTools } = workspace({ hooks: '// my hooks\n' });
    const seeded = record(withoutTools);
    await expectDamaged(page, seeded, /workspace\.tools: expected a list, found nothing/);
    await page.getByTestId('storage-damaged-repair').click();
    await expect.poll(async () => (await stored(page, RECORD_KEY) as { workspace: { hooks: string; tools: unknown[] } }).workspace)
      .toMatchObject({ hooks: '// my hooks\n', tools: [] });
  });
});

test('an unknown top-level field of the record is kept through saves', async ({ page }) => {
  await seed(page, { [RECORD_KEY]: record(workspace(), { syncedFrom: 'laptop' }) });
  await openApp(page);
  await expect(page.getByTestId('storage-damaged')).toHaveCount(0);
  await editorContent(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('\n// kept-edit');
  await expect.poll(async () => (await stored(page, RECORD_KEY) as { revision: number }).revision).toBe(4);
  const after = await stored(page, RECORD_KEY) as { syncedFrom?: string; workspace: { tools: { source: string }[] } };
  expect(after.syncedFrom).toBe('laptop');
  expect(after.workspace.tools.some((t) => t.source.includes('// kept-edit'))).toBe(true);
});

test.describe('repeated ids in what arrives or is stored', () => {
  const scenarioText = '{"turns": []}\n';
  const twins = { version: 1, items: [{ id: 's1', name: 'First', text: scenarioText }, { id: 's1', name: 'Second', text: scenarioText }] };

  test('duplicate scenario ids in a link: the trust prompt opens and names the renamed one', async ({ page }) => {
    const token = encodeShareToken({ scope: 'workspace', workspace: workspace({ scenarios: twins }) as never });
    await page.goto(`/#share=${token}`);
    const prompt = page.getByTestId('incoming-dialog');
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect(prompt.getByTestId('incoming-scenario')).toHaveCount(2);
    await expect(prompt.getByTestId('incoming-renamed')).toContainText('“Second” (s1 → s1-2)');
    await prompt.getByTestId('incoming-open').click();
    await expect.poll(async () => (await stored(page, RECORD_KEY) as { workspace: { scenarios?: { items: { id: string }[] } } })
      .workspace.scenarios?.items.map((i) => i.id)).toEqual(['s1', 's1-2']);
  });

  test('duplicate scenario ids in a workspace file: the trust prompt opens', async ({ page }) => {
    await openApp(page);
    await page.getByTestId('workspace-menu').click();
    await page.getByTestId('menu-import').click();
    const text = encodeWorkspaceFile(workspace({ scenarios: twins }) as never);
    await page.getByTestId('import-file-input').setInputFiles({ name: 'twins.pi-playground.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    const prompt = page.getByTestId('incoming-dialog');
    await expect(prompt).toBeVisible();
    await expect(prompt.getByTestId('incoming-scenario')).toHaveCount(2);
    await expect(prompt.getByTestId('incoming-renamed')).toContainText('s1-2');
  });

  test('duplicate backup ids: the import dialog opens and each backup can be restored', async ({ page }) => {
    const backup = (savedAt: number, tools: unknown[]) => ({ id: 'backup-same', savedAt, reason: 'link', workspace: workspace({ tools }) });
    await seed(page, {
      [RECORD_KEY]: record(workspace()),
      'portable:backups': [backup(2_000, [{ ...toolA }]), backup(1_000, [{ ...toolB }])],
    });
    await openApp(page);
    await page.getByTestId('workspace-menu').click();
    await page.getByTestId('menu-import').click();
    await expect(page.getByTestId('backup')).toHaveCount(2);
    await expect(page.getByTestId('backups-renamed')).toContainText('backup-same → backup-same-2');
    await page.getByTestId('backup-restore').nth(1).click();
    await expect.poll(() => names(page)).toEqual([toolB.name]);
  });

  test('duplicate snapshot ids: the list shows once each and says what it left out', async ({ page }) => {
    const info = (name: string) => ({ id: 'snap-same', name, scenarioId: null, createdAt: 1_000, files: 1, bytes: 2 });
    await seed(page, {
      [RECORD_KEY]: record(workspace()),
      'fs-snapshots': [info('Morning'), info('Evening')],
      'fs-snapshot:snap-same': { version: 1, entries: [{ path: '/workspace/a.txt', kind: 'file', data: 'aGk=' }] },
    });
    await openApp(page);
    await page.getByTestId('view-tab-files').click();
    await page.getByTestId('files-tab-snapshots').click();
    await expect(page.getByTestId('files-snapshot')).toHaveCount(1);
    await expect(page.getByTestId('files-snapshot-name')).toHaveText('Morning');
    await expect(page.getByTestId('files-notice')).toContainText('“Evening” (snap-same)');
    expect(await stored(page, 'fs-snapshots')).toHaveLength(2);
  });
});

test.describe('an edit survives leaving right after it', () => {
  async function edit(page: Page, marker: string): Promise<void> {
    await editorContent(page).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText(`\n// ${marker}`);
  }

  for (const delay of [0, 50, 100]) {
    test(`reload ${delay} ms after an edit`, async ({ page }) => {
      await openApp(page);
      await page.waitForTimeout(600); // the first save of the examples has landed
      const marker = `reload-${delay}-${Date.now()}`;
      await edit(page, marker);
      if (delay) await page.waitForTimeout(delay);
      await page.reload();
      await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
      await expect(editorContent(page)).toContainText(marker);
    });
  }

  test('navigating away right after an edit, and back', async ({ page }) => {
    await openApp(page);
    await page.waitForTimeout(600);
    const marker = `navigate-${Date.now()}`;
    await edit(page, marker);
    await page.goto('/favicon.svg');
    await page.goto('/?welcome=0');
    await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    await expect(editorContent(page)).toContainText(marker);
  });
});

test('opening a lesson stashes a workspace that carries a lesson marker; Back restores it with its edits', async ({ page }) => {
  const [lesson, other] = LESSONS;
  await seed(page, { [RECORD_KEY]: record(workspace({ lesson: { id: other.id } })) });
  await openApp(page);
  const marker = `before-lesson-${Date.now()}`;
  await editorContent(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(`\n// ${marker}`);
  await page.getByTestId('view-tab-lessons').click();
  await page.getByTestId(`lesson-card-${lesson.id}`).click();
  await expect(page.getByTestId('lesson-workspace-banner')).toHaveAttribute('data-state', 'this-lesson');
  await page.getByTestId('lesson-return').click();
  await expect.poll(() => names(page)).toEqual([toolA.name, toolB.name]);
  await expect.poll(async () => (await stored(page, RECORD_KEY) as { workspace: { tools: { source: string }[] } })
    .workspace.tools.some((t) => t.source.includes(marker))).toBe(true);
});

test('a lesson-progress save that storage refuses is shown as a status', async ({ page }) => {
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (key === 'lessons:progress') throw new DOMException('The quota has been exceeded (probe).', 'QuotaExceededError');
      return put.call(this, value, key);
    };
  });
  await openApp(page);
  await page.getByTestId('view-tab-lessons').click();
  await page.getByTestId(`lesson-card-${LESSONS[0].id}`).click();
  const status = page.locator('[data-testid="status-message"][data-kind="lesson-storage"]');
  await expect(status).toContainText('Lesson progress could not be saved');
  await expect(status).toContainText('quota has been exceeded (probe)');
});
