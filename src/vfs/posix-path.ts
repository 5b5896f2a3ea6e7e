// POSIX path arithmetic for the virtual filesystem, framework-free (no node:path in the browser).
// Semantics follow Node's path.posix: resolve() collapses `.`/`..`, clamps at `/` and drops trailing slashes.

/** Joins and normalises segments into an absolute path; relative input is taken from `cwd` (default `/`). */
export function resolvePosix(...segments: string[]): string {
  let joined = '';
  for (let i = segments.length - 1; i >= 0; i--) {
    const seg = segments[i];
    if (seg.length === 0) continue;
    joined = joined ? `${seg}/${joined}` : seg;
    if (seg.startsWith('/')) break;
  }
  return normalizeAbsolute(joined.startsWith('/') ? joined : `/${joined}`);
}

function normalizeAbsolute(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    // `..` at the root stays at the root, as on Linux: a path can never leave the virtual disk.
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `/${out.join('/')}`;
}

export function isAbsolutePosix(path: string): boolean {
  return path.startsWith('/');
}

export function dirnamePosix(path: string): string {
  const abs = normalizeAbsolute(path);
  const i = abs.lastIndexOf('/');
  return i <= 0 ? '/' : abs.slice(0, i);
}

export function basenamePosix(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

export function joinPosix(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

/** Relative path from `from` to `to` (both absolute, normalised), like path.posix.relative. */
export function relativePosix(from: string, to: string): string {
  if (from === to) return '';
  const a = from === '/' ? [] : from.slice(1).split('/');
  const b = to === '/' ? [] : to.slice(1).split('/');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return [...Array(a.length - i).fill('..'), ...b.slice(i)].join('/');
}

/** Ancestors of an absolute path from the root down, excluding the path itself: `/a/b` -> [`/`, `/a`]. */
export function ancestorsPosix(path: string): string[] {
  if (path === '/') return [];
  const parts = path.slice(1).split('/');
  const out = ['/'];
  for (let i = 1; i < parts.length; i++) out.push(`/${parts.slice(0, i).join('/')}`);
  return out;
}
