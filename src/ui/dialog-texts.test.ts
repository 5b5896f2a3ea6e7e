// The dialogs' words come with the dialogs: the share, import, trust and export dialogs (PortableHost) and the
// welcome (Shell) load their areas beside their chunks. What the page shows before any dialog opens stays in it.
import { describe, expect, it } from 'vitest';
import { CATALOG, PORTABLE_DIALOG_AREAS } from './i18n/catalog.ts';
import { loadEnglishArea, t } from './i18n/i18n.svelte.ts';

// One word from each dialog area, and the words the header and the notices show without a dialog.
const DIALOG_SAMPLES = ['portable.share.title', 'portable.error.link-truncated', 'portable.exportPi.title', 'portable.scan.note', 'welcome.title'];
const PAGE_KEYS = ['portable.menu.share', 'portable.share.button', 'portable.loadFailed', 'portable.notice.dismiss', 'welcome.open', 'welcome.lessons'];

describe('the dialogs\' words', () => {
  it('are not in the first page, which keeps the words it shows itself', async () => {
    for (const key of DIALOG_SAMPLES) expect(CATALOG.en[key], key).toBeUndefined();
    for (const key of PAGE_KEYS) expect(CATALOG.en[key], key).toBeTypeOf('string');
    await Promise.all([...PORTABLE_DIALOG_AREAS.map(loadEnglishArea), loadEnglishArea('welcome-dialog')]);
    for (const key of DIALOG_SAMPLES) expect(t(key), key).not.toBe(key);
  });
});
