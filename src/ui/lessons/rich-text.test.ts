// Lesson prose is set with identifiers, literals and pi's quoted messages in code type, and nothing else.
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../content/lessons/index.ts';
import { splitCode } from './rich-text.ts';

const marked = (text: string) => splitCode(text).map((s) => (s.code ? `[${s.text}]` : s.text)).join('');

describe('lesson prose', () => {
  it('sets identifiers, literals, calls and marked words as code', () => {
    expect(marked('The response ends with stopReason "toolUse"; tool_execution_end says isError: false.'))
      .toBe('The response ends with [stopReason] ["toolUse"]; [tool_execution_end] says [isError: false].');
    expect(marked('It returned { block: true, reason }, so `execute` never runs (Context.tools, onUpdate(partialResult)).'))
      .toBe('It returned [{ block: true, reason }], so [execute] never runs ([Context.tools], [onUpdate(partialResult)]).');
    expect(marked('threw new Error("No user with id 42") on src/config.ts and matched ^[A-Z]-\\d{4}$'))
      .toBe('threw [new Error("No user with id 42")] on [src/config.ts] and matched [^[A-Z]-\\d{4}$]');
  });

  it('leaves prose alone: apostrophes, versions, e.g., curly quotes, plain words', () => {
    const prose = 'The model\'s arguments, e.g. in pi 0.85.1, read “like this” and the tool\'s name.';
    expect(splitCode(prose)).toEqual([{ code: false, text: prose }]);
  });

  it('finds closed backticks in every lesson text', () => {
    for (const lesson of LESSONS) {
      const texts = [lesson.title, lesson.intro, lesson.concept, ...lesson.captions.map((c) => c.text),
        ...lesson.quiz.flatMap((q) => [q.prompt, q.explanation, ...q.choices.map((c) => c.text)])];
      for (const text of texts) {
        for (const value of [text.en, text['zh-CN']]) {
          expect(splitCode(value).map((s) => s.text).join(''), `${lesson.id}: ${value}`).not.toContain('`');
        }
      }
    }
  });
});
