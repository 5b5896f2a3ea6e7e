// ripgrep's --glob as an override: gitignore-style matching (no `/` -> the name at any depth; with `/` ->
// anchored at rg's working directory, which is the tool's cwd), `!` to exclude, braces allowed.
import { compileGlob } from './glob.ts';
import { basenamePosix, relativePosix } from '../vfs/index.ts';

export type OverrideDecision = 'include' | 'exclude' | undefined;

/** Returns the override function for the walk, or rg's error text when the glob is malformed. */
export function compileGrepGlob(glob: string, cwd: string):
  | { ok: true; decide: (path: string, isDir: boolean) => OverrideDecision }
  | { ok: false; message: string } {
  const negated = glob.startsWith('!');
  let body = negated ? glob.slice(1) : glob;
  const dirOnly = body.endsWith('/');
  if (dirOnly) body = body.slice(0, -1);
  const anchored = body.includes('/');
  if (body.startsWith('/')) body = body.slice(1);
  const compiled = compileGlob(body, { literalSeparator: true });
  if (!compiled.ok) return { ok: false, message: `rg: error parsing glob '${glob}': ${compiled.message}` };
  const regex = compiled;
  const decide = (path: string, isDir: boolean): OverrideDecision => {
    let matched = false;
    if (!dirOnly || isDir) {
      if (anchored) {
        // The `ignore` crate strips the override root when the path lies under it, else tests the path as is.
        const rel = path.startsWith(`${cwd}/`) || cwd === '/' ? relativePosix(cwd, path) : path;
        matched = regex.test(rel);
      } else {
        matched = regex.test(basenamePosix(path));
      }
    }
    if (matched) return negated ? 'exclude' : 'include';
    // With a positive glob, files it does not name are skipped; directories are still entered.
    if (!negated && !isDir) return 'exclude';
    return undefined;
  };
  return { ok: true, decide };
}
