// The stored names are users' data: a build that renamed one would start empty where their work is. Every name
// is pinned here as a literal; changing one must come with a migration, not with an edit of this test.
import { describe, expect, it } from 'vitest';
import apiKeySessionSource from './api-key-session.ts?raw';
import * as keys from './keys.ts';

describe('storage keys', () => {
  it('keep the IndexedDB databases, stores and keys users already have data under', () => {
    expect([keys.APP_DATABASE, keys.APP_STORE, keys.FILES_DATABASE, keys.FILES_STORE, keys.FILES_GENERATION_KEY])
      .toEqual(['pi-playground', 'kv', 'pi-playground-fs', 'files', 'meta:generation']);
    expect(keys.workspaceKey('default')).toBe('workspace:default');
    expect(keys.damagedWorkspaceKey('default')).toBe('damaged:workspace:default');
    expect(keys.viewStateKey('default')).toBe('view:default');
    expect(keys.PREFERENCES_KEY).toBe('preferences');
    expect(keys.BACKUPS_KEY).toBe('portable:backups');
    expect(keys.SNAPSHOT_INDEX_KEY).toBe('fs-snapshots');
    expect(keys.snapshotKey('s1')).toBe('fs-snapshot:s1');
    expect(keys.LESSON_PROGRESS_KEY).toBe('lessons:progress');
    expect(keys.LESSON_STASH_KEY).toBe('lessons:stash');
  });

  it('keep the names of the parts of the saved workspace document', () => {
    expect([keys.SCENARIOS_KEY, keys.CODING_TOOLS_KEY, keys.SANDBOX_NETWORK_KEY, keys.LESSON_MARKER_KEY])
      .toEqual(['scenarios', 'codingTools', 'sandboxNetwork', 'lesson']);
  });

  it('keep the Web Storage keys and the channel names other open tabs listen on', () => {
    expect(keys.EVALUATION_MARKER_KEY).toBe('pi-playground:evaluating');
    expect(keys.THEME_HINT_KEY).toBe('pi-playground.theme');
    expect(keys.LOCALE_HINT_KEY).toBe('pi-playground.locale');
    expect(keys.API_KEYS_SESSION_KEY).toBe('pi-playground.live.api-keys');
    expect(keys.WORKSPACE_CHANNEL).toBe('pi-playground');
    expect(keys.filesChannel('pi-playground-fs')).toBe('pi-playground-fs:pi-playground-fs');
  });

  it('name nothing this test does not pin', () => {
    expect(Object.keys(keys).sort()).toEqual([
      'API_KEYS_SESSION_KEY', 'APP_DATABASE', 'APP_STORE', 'BACKUPS_KEY', 'CODING_TOOLS_KEY', 'EVALUATION_MARKER_KEY',
      'FILES_DATABASE', 'FILES_GENERATION_KEY', 'FILES_STORE', 'LESSON_MARKER_KEY', 'LESSON_PROGRESS_KEY', 'LESSON_STASH_KEY',
      'LOCALE_HINT_KEY', 'PREFERENCES_KEY', 'SANDBOX_NETWORK_KEY', 'SCENARIOS_KEY', 'SNAPSHOT_INDEX_KEY', 'THEME_HINT_KEY',
      'WORKSPACE_CHANNEL', 'damagedWorkspaceKey', 'filesChannel', 'snapshotKey', 'viewStateKey', 'workspaceKey',
    ]);
  });

  it('keep the API key store away from every other store: it imports nothing but the key names', () => {
    const imports = [...apiKeySessionSource.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(imports).toEqual(['./keys.ts']);
    const code = apiKeySessionSource.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    expect(code).not.toMatch(/localStorage|indexedDB|idb-keyval/i);
    expect(code).toContain('sessionStorage');
  });
});
