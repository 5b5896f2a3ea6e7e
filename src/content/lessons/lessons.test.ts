// The lesson catalogue as data: complete in both languages, well-formed quizzes and captions, scenarios that parse,
// and tool and hooks sources that are real pi code (they type-check against pi 0.85.1's own type definitions).
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { isCodeTurn } from '../../recording/scenario/index.ts';
import { LESSONS, planLessonRuns, type LocalizedText } from './index.ts';

const HAN = /[\u3400-\u9fff]/;

function texts(lesson: (typeof LESSONS)[number]): [string, LocalizedText][] {
  const out: [string, LocalizedText][] = [
    ['concept', lesson.concept], ['title', lesson.title], ['intro', lesson.intro],
  ];
  for (const c of lesson.captions) out.push([`caption ${c.id}`, c.text]);
  for (const q of lesson.quiz) {
    out.push([`quiz ${q.id}`, q.prompt], [`quiz ${q.id} explanation`, q.explanation]);
    for (const choice of q.choices) out.push([`quiz ${q.id} choice ${choice.id}`, choice.text]);
  }
  return out;
}

describe('the lesson catalogue', () => {
  it('has the eighteen lessons and three exercises of the tool chapter, with unique ids and badges', () => {
    expect(LESSONS.filter((l) => l.kind === 'lesson').map((l) => l.badge)).toEqual(Array.from({ length: 18 }, (_, i) => String(i + 1)));
    expect(LESSONS.filter((l) => l.kind === 'exercise').map((l) => l.badge)).toEqual(['A', 'B', 'C']);
    expect(new Set(LESSONS.map((l) => l.id)).size).toBe(LESSONS.length);
    for (const lesson of LESSONS) expect(lesson.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('says everything in English and in Chinese', () => {
    for (const lesson of LESSONS) {
      for (const [where, text] of texts(lesson)) {
        expect(text.en.trim(), `${lesson.id} ${where}`).not.toBe('');
        expect(text['zh-CN'].trim(), `${lesson.id} ${where}`).not.toBe('');
        // Identifiers may stay as they are, but prose must be translated.
        if (text.en.split(' ').length > 3) expect(text['zh-CN'], `${lesson.id} ${where}`).toMatch(HAN);
      }
    }
  });

  it('gives captions unique ids and quizzes one right answer among unique choices', () => {
    for (const lesson of LESSONS) {
      expect(lesson.captions.length, lesson.id).toBeGreaterThanOrEqual(3);
      expect(new Set(lesson.captions.map((c) => c.id)).size, lesson.id).toBe(lesson.captions.length);
      expect(new Set(lesson.quiz.map((q) => q.id)).size, lesson.id).toBe(lesson.quiz.length);
      for (const q of lesson.quiz) {
        const ids = q.choices.map((c) => c.id);
        expect(new Set(ids).size, `${lesson.id} ${q.id}`).toBe(ids.length);
        expect(ids, `${lesson.id} ${q.id}`).toContain(q.answer);
        expect(ids.length).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('asks the chapter\'s four questions: failures, sequential tools, TypeBox, onUpdate', () => {
    const answers = Object.fromEntries(LESSONS.flatMap((l) => l.quiz.map((q) => [q.id, q.choices.find((c) => c.id === q.answer)!.text.en])));
    expect(answers['report-failure']).toMatch(/^Throw/);
    expect(answers['sequential-batch']).toBe('The whole batch runs sequentially');
    expect(answers['parameters-library']).toBe('TypeBox');
    expect(answers['on-update']).toMatch(/partial results.*tool_execution_update/);
  });

  it('has scenarios that parse, compare runs labelled parallel and sequential', () => {
    for (const lesson of LESSONS) {
      const plan = planLessonRuns(lesson);
      expect(plan.ok, `${lesson.id}: ${JSON.stringify(plan.ok ? '' : plan.errors)}`).toBe(true);
      if (!plan.ok) continue;
      expect(plan.runs.map((r) => r.label)).toEqual(lesson.compare ? ['parallel', 'sequential'] : ['main']);
      if (lesson.compare) expect(plan.runs.map((r) => r.scenario.toolExecution)).toEqual(['parallel', 'sequential']);
      for (const a of lesson.captions.map((c) => c.at)) {
        if (lesson.compare) expect(a.run, `${lesson.id}: compare captions name their run`).toBeDefined();
        else expect(a.run, lesson.id).toBeUndefined();
      }
    }
  });

  it('names only tools the lesson provides, so no call fails by accident', () => {
    for (const lesson of LESSONS) {
      const names = new Set([...lesson.tools.map((t) => t.name), ...(lesson.codingTools ?? []), ...(DELIBERATELY_UNKNOWN[lesson.id] ?? [])]);
      for (const turn of lesson.scenario.turns) {
        if (isCodeTurn(turn) || typeof turn.content === 'string') continue;
        for (const block of turn.content) if (block.type === 'toolCall') expect(names, lesson.id).toContain(block.name);
      }
      for (const tool of lesson.tools) expect(tool.source, lesson.id).toContain(`name: "${tool.name}"`);
    }
  });

  it('has tool and hooks sources that type-check against pi 0.85.1\'s own type definitions', () => {
    const files: Record<string, string> = { '__lessons__/playground.d.ts': PLAYGROUND_DECLARATION };
    for (const lesson of LESSONS) {
      for (const tool of lesson.tools) files[`__lessons__/${lesson.id}/${tool.name}.ts`] = tool.source;
      if (lesson.hooks) files[`__lessons__/${lesson.id}/hooks.ts`] = lesson.hooks;
    }
    expect(typeCheck(files)).toEqual([]);
  }, 60_000);
});

/** Tool names a lesson calls on purpose without providing them (its subject is that call). */
const DELIBERATELY_UNKNOWN: Record<string, string[]> = { 'tool-not-found': ['search_web'] };

// The playground's runtime module as tool code sees it (sleep on the playground clock, the virtual filesystem).
const PLAYGROUND_DECLARATION = `declare module "playground" {
  export function sleep(ms: number, signal?: AbortSignal): Promise<void>;
  export const fs: {
    readFile(path: string): Promise<string>;
    writeFile(path: string, content: string): Promise<void>;
    list(path?: string): Promise<{ name: string; kind: "file" | "directory"; size: number }[]>;
  };
}`;

/** Diagnostics of an in-memory program, resolving imports from this repository's node_modules. */
function typeCheck(files: Record<string, string>): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true, noEmit: true, skipLibCheck: true, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [],
  };
  const host = ts.createCompilerHost(options);
  const root = `${process.cwd()}/`;
  const own = (name: string) => (name.startsWith(root) ? files[name.slice(root.length)] : undefined);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => own(name) ?? readFile(name);
  host.fileExists = (name) => own(name) !== undefined || fileExists(name);
  host.getSourceFile = (name, version) => {
    const text = own(name);
    return text === undefined ? getSourceFile(name, version) : ts.createSourceFile(name, text, version);
  };
  const program = ts.createProgram(Object.keys(files).map((f) => root + f), options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : '?';
    return `${d.file?.fileName.slice(root.length)}:${at}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}
