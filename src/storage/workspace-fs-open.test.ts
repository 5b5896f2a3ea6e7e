// Opening the app's filesystem is bounded: an IndexedDB that never answers, or refuses, leaves a memory filesystem
// that works, marked not durable, with a problem naming the database (shown by the files panel).
import type { UseStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { openWorkspaceFileSystem } from './workspace-fs.ts';

describe('opening the workspace filesystem', () => {
  it('goes on in memory when IndexedDB does not answer within the bound, and says so', async () => {
    const silent: UseStore = () => new Promise(() => {});
    const started = performance.now();
    const opened = await openWorkspaceFileSystem({ store: silent, openTimeoutMs: 200 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(opened.durable).toBe(false);
    expect(opened.problem).toMatchObject({ kind: 'timeout', database: 'pi-playground-fs' });
    await opened.fileSystem.writeFile('/workspace/mine.txt', 'kept in memory');
    expect(await opened.fileSystem.readText('/workspace/mine.txt')).toBe('kept in memory');
  });

  it('names the failure when IndexedDB refuses to open', async () => {
    const refusing: UseStore = () => Promise.reject(new DOMException('blocked by policy', 'SecurityError'));
    const opened = await openWorkspaceFileSystem({ store: refusing });
    expect(opened.durable).toBe(false);
    expect(opened.problem).toMatchObject({ kind: 'unavailable', detail: 'SecurityError: blocked by policy' });
  });
});
