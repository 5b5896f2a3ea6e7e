// The built-in material in the reader's language: every lesson scenario's name and every example and lesson tool's
// description has its English word for word and a Chinese text, shown only while the user has not changed it.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_TOOLS } from '../../content/examples/index.ts';
import { LESSONS } from '../../content/lessons/index.ts';
import { lessonScenarioId } from '../../state/lessons/workspace.ts';
import { createSandbox } from '../../sandbox/index.ts';
import { scenarioName } from '../scenario/scenario-names.ts';
import { lessonScenarioName, toolDescriptionTranslation } from './example-texts.ts';
import { i18n, loadLocale, tIn } from './i18n.svelte.ts';

const HAN = /[\u3400-\u9fff]/;

beforeAll(() => loadLocale('zh-CN'));
afterEach(() => i18n.set('en', { remember: false }));

describe('lesson scenario names', () => {
  it('has every lesson\'s scenario title word for word, and a Chinese name', () => {
    for (const lesson of LESSONS) {
      const key = `examples.lessonScenario.${lesson.id}`;
      expect(tIn('en', key), lesson.id).toBe(lesson.scenario.title);
      if (lesson.scenario.title!.split(' ').length > 1) expect(tIn('zh-CN', key), lesson.id).toMatch(HAN);
    }
  });

  it('names a lesson\'s own scenario in the reader\'s language, and a renamed one as the user named it', async () => {
    const lesson = LESSONS.find((l) => l.id === 'parallel-vs-sequential')!;
    const item = { id: lessonScenarioId(lesson), name: lesson.scenario.title!, exampleId: undefined };
    expect(scenarioName(item)).toBe('Parallel versus sequential');
    await i18n.set('zh-CN', { remember: false });
    expect(scenarioName(item)).toBe('并行与串行');
    expect(scenarioName({ ...item, name: 'My race' })).toBe('My race');
    expect(lessonScenarioName('some-other-id', lesson.scenario.title!)).toBeUndefined();
  });
});

describe('tool descriptions', () => {
  it('has every example and lesson tool\'s description word for word, and a Chinese translation', async () => {
    const sandbox = createSandbox();
    try {
      const files = [...STARTER_TOOLS, ...LESSONS.filter((l) => !l.id.startsWith('exercise-')).flatMap((l) => l.tools)];
      const unique = [...new Map(files.map((f) => [f.name, f])).values()];
      const evaluation = await sandbox.evaluate(unique.map((f) => ({ ...f, role: 'tool' as const })));
      expect(evaluation.tools.length).toBe(unique.length);
      for (const tool of evaluation.tools) {
        expect(tIn('en', `examples.toolDescription.${tool.name}`), tool.name).toBe(tool.description);
        expect(tIn('zh-CN', `examples.toolDescription.${tool.name}`), tool.name).toMatch(HAN);
      }
    } finally {
      sandbox.dispose();
    }
  });

  it('gives a translation only in Chinese and only for the unchanged description', async () => {
    const description = tIn('en', 'examples.toolDescription.echo');
    expect(toolDescriptionTranslation('echo', description)).toBeUndefined();
    await i18n.set('zh-CN', { remember: false });
    expect(toolDescriptionTranslation('echo', description)).toBe('原样返回给定的文本。可用来测试工具调用是否正常。');
    expect(toolDescriptionTranslation('echo', `${description} Edited.`)).toBeUndefined();
    expect(toolDescriptionTranslation('my_tool', description)).toBeUndefined();
  });
});
