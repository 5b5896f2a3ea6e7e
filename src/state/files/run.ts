// The filesystem as a recorded run sees it: every operation holds the run's clock while it is in flight, so a
// virtual clock waits for IndexedDB instead of jumping ahead, and two recordings of one scenario stay identical.
import type { Clock } from '../../engine/index.ts';
import type { FileSystem } from '../../vfs/index.ts';

/** Wraps `fs` so each call holds `clock` until it settles. Listeners and `cwd` are the wrapped filesystem's. */
export function holdClockDuringFs(fs: FileSystem, clock: Pick<Clock, 'hold'>): FileSystem {
  const held = <T>(work: () => Promise<T>): Promise<T> => {
    const release = clock.hold();
    return work().finally(release);
  };
  return {
    cwd: fs.cwd,
    stat: (path) => held(() => fs.stat(path)),
    exists: (path) => held(() => fs.exists(path)),
    readFile: (path) => held(() => fs.readFile(path)),
    readText: (path) => held(() => fs.readText(path)),
    writeFile: (path, data) => held(() => fs.writeFile(path, data)),
    mkdir: (path, options) => held(() => fs.mkdir(path, options)),
    readdir: (path) => held(() => fs.readdir(path)),
    remove: (path, options) => held(() => fs.remove(path, options)),
    rename: (from, to) => held(() => fs.rename(from, to)),
    realpath: (path) => held(() => fs.realpath(path)),
    onChange: (listener) => fs.onChange(listener),
  };
}
