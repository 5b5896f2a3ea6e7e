// An example scenario about files: pi's built-in read and edit tools change a file of the virtual filesystem, one
// turn after another (the edit uses what the read returned). Needs pi's coding tools on (Files panel).
import type { ExampleScenario } from './types.ts';

export const EDIT_A_FILE: ExampleScenario = {
  id: 'edit-a-file',
  file: {
    title: 'Edit a file with pi’s edit tool',
    description: 'read shows README.md, then edit replaces one phrase in it. Turn on pi’s coding tools in the Files panel first. The file changes in the Files panel; restarting puts it back, so every replay edits the same text.',
    prompt: 'In README.md, call the project "small" instead of "tiny".',
    timing: { tokenSize: 3, tokensPerSecond: 60 },
    turns: [
      {
        content: [
          { type: 'text', text: 'Let me look at the file first.' },
          { type: 'toolCall', id: 'read-readme', name: 'read', arguments: { path: 'README.md' } },
        ],
      },
      {
        content: [
          { type: 'toolCall', id: 'edit-readme', name: 'edit', arguments: { path: 'README.md', edits: [{ oldText: 'A tiny example project', newText: 'A small example project' }] } },
        ],
      },
      { content: 'Done: README.md now calls it a small example project.' },
    ],
  },
};
