// The files example scenario does what its description says: with pi's coding tools over the starter files, read
// returns README.md and edit changes the phrase, without an error result.
import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../../engine/index.ts';
import { parseScenario } from '../../../recording/scenario/parse/index.ts';
import { runScenario } from '../../../recording/scenario/index.ts';
import { createCodingTools } from '../../../coding-tools/index.ts';
import { createMemoryFileSystem } from '../../../vfs/index.ts';
import { STARTER_FILES } from '../files.ts';
import { EDIT_A_FILE } from './files.ts';
import { exampleScenarioText } from './types.ts';

describe('the "edit a file" example', () => {
  it('reads README.md and replaces one phrase with pi’s edit tool', async () => {
    const parsed = parseScenario(exampleScenarioText(EDIT_A_FILE));
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
    const fs = createMemoryFileSystem(STARTER_FILES as Record<string, string>);
    const clock = new VirtualClock();
    const run = runScenario(parsed.scenario, { tools: createCodingTools(fs, { clock }), clock });
    const result = await run.finished;
    const ends = result.events.flatMap((e) => (e.type === 'tool_execution_end' ? [[e.toolCallId, e.isError]] : []));
    expect(ends).toEqual([['read-readme', false], ['edit-readme', false]]);
    expect(await fs.readText('/workspace/README.md')).toBe(STARTER_FILES['README.md'].replace('A tiny example project', 'A small example project'));
  });
});
