// Preferences that storage refuses to keep are said so in the status area (they still apply to this tab), and the
// message goes once a save lands.
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { createFaultyStore } from '../../storage/testing/faulty-store.ts';
import { createWorkspaceRepository, type WorkspaceRepository } from '../../storage/workspace-repository.ts';
import { PreferencesState } from './preferences.svelte.ts';

const opened: { repository: WorkspaceRepository; preferences: PreferencesState }[] = [];
afterEach(() => { for (const { repository, preferences } of opened.splice(0)) { preferences.dispose(); repository.close(); } });

function setup() {
  const store = createFaultyStore(createMemoryStore());
  const repository = createWorkspaceRepository(store, { channelName: `preferences-test-${Math.random()}` });
  const preferences = new PreferencesState(repository);
  opened.push({ repository, preferences });
  return { store, repository, preferences };
}

describe('preferences', () => {
  it('show a save that storage refuses, keep the choice in this tab, and clear the message once a save lands', async () => {
    const { store, repository, preferences } = setup();
    await preferences.load();
    store.fail('quota', { writesOnly: true });
    preferences.setPane('sidebar', 320);
    await preferences.flush();
    expect(preferences.saveError?.key).toBe('storage.error.preferences');
    expect(preferences.saveError?.params?.detail).toContain('quota');
    expect(preferences.pane('sidebar', 0)).toBe(320);

    store.fail(null);
    preferences.setAutoRecord(false);
    await preferences.flush();
    expect(preferences.saveError).toBeNull();
    expect(await repository.loadPreferences()).toMatchObject({ panes: { sidebar: 320 }, autoRecord: false });
  });
});
