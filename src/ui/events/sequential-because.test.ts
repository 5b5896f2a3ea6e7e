// A batch made sequential by a tool's executionMode, although the loop setting is parallel, says so in the app:
// in the event log (a playground annotation row, not a pi event) and in the timeline's details of a call's wait,
// in English and in Chinese. Against the real sandbox, with the starter `deploy` (sequential) beside `echo`.
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { createMemoryFileSystem } from '../../vfs/index.ts';
import { createSandbox } from '../../sandbox/index.ts';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { createFsCapabilityHost } from '../../storage/workspace-fs.ts';
import type { PiPlaygroundApi } from '../automation/window-api.ts';
import { i18n, loadLocale } from '../i18n/i18n.svelte.ts';
import { mountApp, type MountedApp } from '../testing/mount-app.ts';

let app: MountedApp | undefined;
afterEach(async () => {
  await app?.destroy();
  app = undefined;
  i18n.set('en');
});

const SCENARIO = {
  title: 'Deploy beside echo',
  prompt: 'Deploy and echo.',
  toolExecution: 'parallel',
  turns: [
    {
      content: [
        { type: 'toolCall', id: 'echo_1', name: 'echo', arguments: { text: 'hi' } },
        { type: 'toolCall', id: 'deploy_1', name: 'deploy', arguments: { environment: 'staging', version: 'v1.0.0' } },
      ],
    },
    { content: 'Done.' },
  ],
};

describe('why a batch is sequential', () => {
  it('is said in the event log and in the timeline details, in English and Chinese', async () => {
    const runtime = createSandbox({ fs: createFsCapabilityHost(Promise.resolve(createMemoryFileSystem())) });
    app = await mountApp({ store: createMemoryStore(), runtime });
    await expect.element(page.getByTestId('schema-json'), { timeout: 15_000 }).toBeVisible();
    const api = (window as unknown as { piPlayground: PiPlaygroundApi }).piPlayground;
    expect(await api.loadScenario(SCENARIO)).toMatchObject({ ok: true });
    expect(await api.seek(60_000)).toMatchObject({ ok: true });

    await api.setPanel('events');
    const note = page.getByTestId('event-row-sequential-because');
    await expect.element(note).toHaveTextContent('This batch runs sequentially because deploy is sequential (the loop setting is parallel)');
    expect(document.querySelectorAll('[data-testid="event-row"][data-type^="trace_"]')).toHaveLength(1);

    await api.setPanel('timeline');
    expect(await api.select({ callId: 'echo_1', phase: 'queued' })).toMatchObject({ ok: true });
    const detail = page.getByTestId('span-details-sequential-because');
    await expect.element(detail).toHaveTextContent('Sequential because deploy is sequential (executionMode), although the loop setting is parallel.');

    await loadLocale('zh-CN');
    i18n.set('zh-CN');
    await expect.element(detail).toHaveTextContent('按顺序执行，因为 deploy 是顺序工具（executionMode），尽管循环设置为并行。');
    await api.setPanel('events');
    await expect.element(note).toHaveTextContent('此批次按顺序执行，因为 deploy 是顺序工具（循环设置为并行）');
  });
});
