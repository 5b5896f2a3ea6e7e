import { describe, expect, it } from 'vitest';
import { createLocalMarkerStore, createMemoryMarkerStore } from '../../storage/evaluation-marker.ts';
import { SafeStartState } from './evaluation-safe-start.svelte.ts';
import type { SourceFile } from '../run/tool-runtime.ts';

const file = (id: string, source = `export default { name: "${id}" }`): SourceFile => ({ id, name: id, source } as SourceFile);

describe('safe start after a tab went down mid-evaluation', () => {
  it('leaves a marker naming the files while they evaluate, and clears it once they have', () => {
    const store = createMemoryMarkerStore();
    const safe = new SafeStartState(store);
    const files = [file('a'), file('b')];
    safe.follow(() => files);
    safe.beforeEvaluation(files);
    expect(store.current?.files.map((f) => f.id)).toEqual(['a', 'b']);
    safe.afterEvaluation(files);
    expect(store.current).toBeUndefined();
    // Unchanged sources are proven: evaluating them again marks nothing.
    safe.beforeEvaluation(files);
    expect(store.current).toBeUndefined();
    const edited = [file('a', 'changed'), files[1]];
    safe.beforeEvaluation(edited);
    expect(store.current?.files.map((f) => f.id)).toEqual(['a']);
  });

  it('says when the browser refuses the marker, once, until dismissed', () => {
    const refusing = { getItem: () => null, setItem: () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }, removeItem: () => {} };
    const safe = new SafeStartState(createLocalMarkerStore(refusing));
    const files = [file('a')];
    safe.follow(() => files);
    expect(safe.markerRefused).toBe(false);
    safe.beforeEvaluation(files);
    expect(safe.markerRefused).toBe(true);
    safe.dismissMarkerRefused();
    safe.beforeEvaluation([file('a', 'edited')]);
    expect(safe.markerRefused).toBe(false);
  });

  it('after a crash evaluates nothing until a file is opened, suspects the files that were evaluating', () => {
    const store = createMemoryMarkerStore({ since: 1, files: [{ id: 'hog', name: 'hog' }] });
    const safe = new SafeStartState(store);
    const files = [file('good'), file('hog')];
    safe.follow(() => files);
    expect(safe.active).toBe(true);
    expect(safe.allowed(files)).toEqual([]);
    expect(safe.files).toEqual([
      { id: 'good', name: 'good', suspect: false, opened: false },
      { id: 'hog', name: 'hog', suspect: true, opened: false },
    ]);
    safe.open('good');
    expect(safe.allowed(files).map((f) => f.id)).toEqual(['good']);
    safe.beforeEvaluation(safe.allowed(files));
    safe.afterEvaluation(safe.allowed(files));
    // The unopened hog stays under suspicion for the next load.
    expect(store.current?.files.map((f) => f.id)).toEqual(['hog']);
    safe.pageHidden();
    expect(store.current?.files.map((f) => f.id)).toEqual(['hog']);
    safe.openAll();
    safe.beforeEvaluation(files);
    safe.afterEvaluation(files);
    expect(store.current).toBeUndefined();
    expect(safe.active).toBe(false);
    expect(safe.allowed(files)).toEqual(files);
  });

  it('a normal page exit during an evaluation is no crash: the marker goes', () => {
    const store = createMemoryMarkerStore();
    const safe = new SafeStartState(store);
    const files = [file('a')];
    safe.follow(() => files);
    safe.beforeEvaluation(files);
    safe.pageHidden();
    expect(store.current).toBeUndefined();
    expect(new SafeStartState(store).active).toBe(false);
  });
});
