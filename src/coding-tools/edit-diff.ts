// The `details` pi 0.85.1's edit returns for the UI (never shown to the model): a numbered diff with four
// lines of context, a unified patch, and the first changed line of the new file.
import { createTwoFilesPatch, diffLines, FILE_HEADERS_ONLY } from 'diff';

export interface EditDetails {
  diff: string;
  patch: string;
  firstChangedLine: number | undefined;
}

export function generateUnifiedPatch(path: string, before: string, after: string, context = 4): string {
  return createTwoFilesPatch(path, path, before, after, undefined, undefined, { context, headerOptions: FILE_HEADERS_ONLY });
}

/** `+ 3 text` / `- 3 text` / `  3 text` lines, `...` where unchanged lines are skipped. */
export function generateDiffString(before: string, after: string, context = 4): { diff: string; firstChangedLine: number | undefined } {
  const parts = diffLines(before, after);
  const width = String(Math.max(before.split('\n').length, after.split('\n').length)).length;
  const num = (n: number) => String(n).padStart(width, ' ');
  const skipped = ` ${''.padStart(width, ' ')} ...`;
  const out: string[] = [];
  let oldLine = 1;
  let newLine = 1;
  let afterChange = false;
  let firstChangedLine: number | undefined;
  const showContext = (lines: string[]) => {
    for (const line of lines) {
      out.push(` ${num(oldLine)} ${line}`);
      oldLine++;
      newLine++;
    }
  };
  const skip = (n: number) => {
    oldLine += n;
    newLine += n;
  };
  parts.forEach((part, i) => {
    const lines = part.value.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    if (part.added || part.removed) {
      firstChangedLine ??= newLine;
      for (const line of lines) {
        if (part.added) out.push(`+${num(newLine++)} ${line}`);
        else out.push(`-${num(oldLine++)} ${line}`);
      }
      afterChange = true;
      return;
    }
    const beforeChange = i < parts.length - 1 && Boolean(parts[i + 1].added || parts[i + 1].removed);
    if (afterChange && beforeChange) {
      if (lines.length <= context * 2) showContext(lines);
      else {
        showContext(lines.slice(0, context));
        out.push(skipped);
        skip(lines.length - context * 2);
        showContext(lines.slice(lines.length - context));
      }
    } else if (afterChange) {
      showContext(lines.slice(0, context));
      if (lines.length > context) {
        out.push(skipped);
        skip(lines.length - context);
      }
    } else if (beforeChange) {
      const hidden = Math.max(0, lines.length - context);
      if (hidden > 0) {
        out.push(skipped);
        skip(hidden);
      }
      showContext(lines.slice(hidden));
    } else skip(lines.length);
    afterChange = false;
  });
  return { diff: out.join('\n'), firstChangedLine };
}
