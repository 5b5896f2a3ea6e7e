// Where validation issues point in the argument JSON: the pointer of the value that failed, or, for missing
// required properties, the object that lacks them and their names (shown as placeholder lines).
import type { ValidationIssue } from '../../ai/validation/index.ts';
import type { JsonMark } from '../common/json-lines.ts';

export type { JsonMark };

const REQUIRED = 'must have required properties ';

const escapeToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** pi's dotted path (`nested.a`, `root`) as a pointer, used when TypeBox gave no instancePath. */
function pointerOfPath(path: string): string {
  if (path === 'root' || path === '') return '';
  return `/${path.split('.').map(escapeToken).join('/')}`;
}

export function marksOfIssues(issues: readonly ValidationIssue[]): JsonMark[] {
  return issues.map((issue) => {
    if (issue.message.startsWith(REQUIRED)) {
      const names = issue.message.slice(REQUIRED.length).split(', ').filter(Boolean);
      const parent = issue.instancePath ?? pointerOfPath(issue.path).replace(/\/[^/]*$/, '');
      return { pointer: parent, message: issue.message, missing: names };
    }
    return { pointer: issue.instancePath ?? pointerOfPath(issue.path), message: issue.message };
  });
}
