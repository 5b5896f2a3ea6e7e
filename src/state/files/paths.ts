// Names typed into the files panel: a name or a relative path below the folder it is created in (or an absolute
// path). Refused before anything is written: empty names, NUL, and `..` that climbs above `/` (Linux would quietly
// stop at `/`; in a form that is almost always a slip, so the panel says so instead).
import { FsError } from '../../vfs/index.ts';

export type PathProblem = 'empty' | 'nul' | 'above-root' | 'root' | 'trailing-slash';

export type PanelPath =
  | { ok: true; path: string }
  /** `detail` is Node's own text where pi's tools would show one (NUL in a path). */
  | { ok: false; problem: PathProblem; detail?: string };

/** Resolves `input` against the folder `base` (absolute, normalised). */
export function resolvePanelPath(base: string, input: string, options: { folder?: boolean } = {}): PanelPath {
  if (input.includes('\0')) return { ok: false, problem: 'nul', detail: FsError.nullBytes(input).message };
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  if (trimmed.endsWith('/') && !options.folder) return { ok: false, problem: 'trailing-slash' };
  const parts = trimmed.startsWith('/') ? [] : base.split('/').filter(Boolean);
  for (const part of trimmed.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return { ok: false, problem: 'above-root' };
      parts.pop();
    } else parts.push(part);
  }
  if (parts.length === 0) return { ok: false, problem: 'root' };
  return { ok: true, path: `/${parts.join('/')}` };
}

/** A new name for an entry in the same folder: one path segment, no `/`. */
export function checkRename(name: string): { ok: true; name: string } | { ok: false; problem: PathProblem | 'slash'; detail?: string } {
  if (name.includes('\0')) return { ok: false, problem: 'nul', detail: FsError.nullBytes(name).message };
  const trimmed = name.trim();
  if (trimmed === '' || trimmed === '.' || trimmed === '..') return { ok: false, problem: 'empty' };
  if (trimmed.includes('/')) return { ok: false, problem: 'slash' };
  return { ok: true, name: trimmed };
}
