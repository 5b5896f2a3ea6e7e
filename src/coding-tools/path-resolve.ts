// How the tools turn a model-typed path into an absolute one, as pi 0.85.1's resolveToCwd does:
// Unicode spaces -> ' ', one leading '@' dropped, '~' -> home, file:// URLs, then POSIX resolve.
import type { FileSystem } from '../vfs/index.ts';
import { isAbsolutePosix, resolvePosix } from '../vfs/index.ts';

const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;

/** The virtual home directory `~` points to. */
export const DEFAULT_HOME = '/home/user';

export function expandPath(input: string, home: string): string {
  let path = input.replace(UNICODE_SPACES, ' ');
  if (path.startsWith('@')) path = path.slice(1);
  if (path === '~') return home;
  // `~user` is left alone, as in pi.
  // Joined, not resolved: `~//a` is `$HOME/a`, as path.join makes it.
  if (path.startsWith('~/')) return resolvePosix(`${home}/${path.slice(2)}`);
  if (/^file:\/\//.test(path)) return fileUrlToPath(path);
  return path;
}

/** Absolute path for `input` relative to `cwd`. Throws (as Node's fileURLToPath does) on a bad file URL. */
export function resolveToCwd(input: string, cwd: string, home: string = DEFAULT_HOME): string {
  const path = expandPath(input, home);
  return isAbsolutePosix(path) ? resolvePosix(path) : resolvePosix(cwd, path);
}

function fileUrlToPath(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw new TypeError('Invalid URL');
  }
  if (url.hostname !== '' && url.hostname !== 'localhost') {
    throw new TypeError('File URL host must be "localhost" or empty on linux');
  }
  if (/%2f/i.test(url.pathname)) throw new TypeError('File URL path must not include encoded / characters');
  return decodeURIComponent(url.pathname);
}

// read only: macOS-style names a model may have typed differently (pi tries these when the path is missing).
const variants: ((path: string) => string)[] = [
  (p) => p.replace(/ (AM|PM)\./gi, '\u202F$1.'),
  (p) => p.normalize('NFD'),
  (p) => p.replace(/'/g, '\u2019'),
  (p) => p.normalize('NFD').replace(/'/g, '\u2019'),
];

/** resolveToCwd, then the first existing macOS variant if the path itself does not exist. */
export async function resolveReadPath(input: string, cwd: string, fs: FileSystem, home?: string): Promise<string> {
  const resolved = resolveToCwd(input, cwd, home);
  if (await fs.exists(resolved)) return resolved;
  for (const variant of variants) {
    const candidate = variant(resolved);
    if (candidate !== resolved && (await fs.exists(candidate))) return candidate;
  }
  return resolved;
}
