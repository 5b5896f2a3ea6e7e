import { describe, expect, it } from 'vitest';
import { CATALOG } from './i18n/catalog.ts';
import { t } from './i18n/i18n.svelte.ts';
import { PANELS } from './panels.ts';

// One word from each of the panels' deferred areas (timeline, scenario-panel, providers-panel).
const SAMPLES = ['timeline.zoomIn', 'scenario.pickerLabel', 'providers.tokens.title'];

describe('the panels\' words', () => {
  it('are not in the first page, and the first panel opened brings all of them', async () => {
    for (const key of SAMPLES) expect(CATALOG.en[key], key).toBeUndefined();
    // The event log shows none of them itself, but the parts panels share (transport bar, timeline details) do.
    const events = PANELS.find((panel) => panel.id === 'events');
    expect(events?.load).toBeTypeOf('function');
    await events!.load!();
    for (const key of SAMPLES) expect(t(key), key).not.toBe(key);
  });

});
