// Finds where in a TypeScript tool file a reported tool, one of its properties, or a property inside its
// parameters schema is written. Text search, not a parser: good for the way tools are written (an object
// literal with `name: "..."`, parameters inline or in a const), and it falls back to the tool's own position.
import type { SchemaPath } from '../../ai/schema/index.ts';
import type { ToolReport } from '../protocol.ts';

export interface SourcePosition {
  line: number;
  column: number;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class SourceLocator {
  private readonly lineStarts: number[] = [0];

  constructor(private readonly source: string) {
    for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  position(offset: number): SourcePosition {
    let line = 0;
    while (line + 1 < this.lineStarts.length && this.lineStarts[line + 1] <= offset) line++;
    return { line: line + 1, column: offset - this.lineStarts[line] + 1 };
  }

  private find(pattern: RegExp, from = 0): number | undefined {
    const re = new RegExp(pattern.source, 'g');
    re.lastIndex = from;
    const match = re.exec(this.source);
    return match ? match.index : undefined;
  }

  private findAll(pattern: RegExp): number[] {
    const re = new RegExp(pattern.source, 'g');
    return [...this.source.matchAll(re)].map((m) => m.index ?? 0);
  }

  /** Offset of the tool: its `name: "x"` property (the nth one, for repeated names), else its export. */
  toolOffset(report: ToolReport, occurrence = 0): number {
    const name = report.name.kind === 'string' ? String(report.name.value) : undefined;
    if (name !== undefined) {
      const hits = this.findAll(new RegExp(`(?<![\\w$])["']?name["']?\\s*:\\s*(["'\`])${escape(name)}\\1`));
      if (hits.length > 0) return hits[Math.min(occurrence, hits.length - 1)];
    }
    return this.exportOffset(report.exportName) ?? 0;
  }

  exportOffset(exportName: string | undefined): number | undefined {
    if (exportName === undefined) return undefined;
    if (exportName === 'default') return this.find(/\bexport\s+default\b/);
    const id = escape(exportName);
    return this.find(new RegExp(`\\bexport\\s+(?:const|let|var|(?:async\\s+)?function\\*?|class)\\s+${id}\\b`))
      ?? this.find(new RegExp(`\\bexport\\s*\\{[^}]*\\b${id}\\b`))
      ?? this.find(new RegExp(`\\b(?:const|let|var|function)\\s+${id}\\b`));
  }

  /** The occurrence of a property key (`key:`, `key,` shorthand, or method `key(`) nearest to `near`. */
  propertyOffset(key: string, near: number): number | undefined {
    const hits = this.findAll(new RegExp(`(?<![\\w$.])(?:async\\s+)?["']?${escape(key)}["']?\\s*(?=[:,}(]|\\n)`));
    if (hits.length === 0) return undefined;
    return hits.reduce((best, hit) => (Math.abs(hit - near) < Math.abs(best - near) ? hit : best));
  }

  /**
   * Where a path inside the parameters schema is written: follows `parameters: ident` (or shorthand) to the
   * const that defines it, then each property name in turn. Stops at the last segment it can place.
   */
  schemaOffset(parametersOffset: number, path: SchemaPath): number {
    let at = parametersOffset;
    const after = this.source.slice(parametersOffset);
    const ref = /^["']?parameters["']?\s*:\s*([A-Za-z_$][\w$]*)\s*[,}\n]/.exec(after)?.[1]
      ?? (/^parameters\s*[,}\n]/.test(after) ? 'parameters' : undefined);
    if (ref) {
      const declaration = this.find(new RegExp(`\\b(?:const|let|var)\\s+${escape(ref)}\\s*(?::[^=]*)?=`));
      if (declaration !== undefined) at = declaration;
    }
    for (let i = 0; i < path.length; i++) {
      if (path[i] !== 'properties' || typeof path[i + 1] !== 'string') continue;
      const name = escape(String(path[i + 1]));
      const hit = this.find(new RegExp(`(?<![\\w$])(?:${name}|["']${name}["'])\\s*:`), at);
      if (hit === undefined) break;
      at = hit;
      i++;
    }
    return at;
  }
}
