// Reads what the code right before a position is: a member chain being typed (`fs.re`, `pg.fs.`), or the
// parameter list of a tool's `execute` and which parameter the position is in. Plain text, for completion and hover.

/** `a.b.c` (or `a?.b.`) right before the end of `before`: the heads and the partial last name. */
export function memberChain(before: string): { heads: string[]; partial: string } | null {
  const m = /(?<![\w$.])((?:[A-Za-z_$][\w$]*\s*\??\.\s*)+)([\w$]*)$/.exec(before);
  if (!m) return null;
  const heads = m[1].split('.').map((part) => part.replace(/\?$/, '').trim()).filter(Boolean);
  return { heads, partial: m[2] };
}

const EXECUTE = /\bexecute\s*(?:[:=]\s*(?:async\s+)?(?:function\s*)?)?\(/g;

/**
 * When `before` ends inside the parameter list of `execute(…)` at its top level (not inside a destructuring
 * pattern or a default value), the 0-based index of the parameter there; else null.
 */
export function executeParameterIndex(before: string): number | null {
  let start = -1;
  for (const m of before.matchAll(EXECUTE)) start = m.index! + m[0].length;
  if (start < 0) return null;
  let depth = 0;
  let index = 0;
  let annotation = false; // after `:` or `=` of this parameter: its type or default value, not its name
  for (const c of before.slice(start)) {
    if (c === '(' || c === '[' || c === '{' || c === '<') depth++;
    else if (c === ')' || c === ']' || c === '}' || c === '>') {
      if (depth === 0) return null;
      depth--;
    } else if (c === ',' && depth === 0) { index++; annotation = false; }
    else if ((c === '=' || c === ':') && depth === 0) annotation = true;
  }
  return depth === 0 && !annotation ? index : null;
}
