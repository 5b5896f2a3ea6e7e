// What each built-in tool adds to pi 0.85.1's system prompt: a one-line snippet under <tools> and
// guideline bullets under <rules>, in tool order. Kept beside the tools so prompts can be rebuilt as pi does.

export interface ToolPromptContribution {
  snippet: string;
  guidelines: string[];
}

export const CODING_TOOL_PROMPTS: Record<'read' | 'write' | 'edit' | 'ls' | 'find' | 'grep' | 'bash', ToolPromptContribution> = {
  read: { snippet: 'Read file contents', guidelines: ['Use read to examine files instead of cat or sed.'] },
  write: { snippet: 'Create or overwrite files', guidelines: ['Use write only for new files or complete rewrites.'] },
  edit: {
    snippet: 'Make precise file edits with exact text replacement, including multiple disjoint edits in one call',
    guidelines: [
      'Use edit for precise changes (edits[].oldText must match exactly)',
      'When changing multiple separate locations in one file, use one edit call with multiple entries in edits[] instead of multiple edit calls',
      'Each edits[].oldText is matched against the original file, not after earlier edits are applied. Do not emit overlapping or nested edits. Merge nearby changes into one edit.',
      'Keep edits[].oldText as small as possible while still being unique in the file. Do not pad with large unchanged regions.',
    ],
  },
  ls: { snippet: 'List directory contents', guidelines: [] },
  find: { snippet: 'Find files by glob pattern (respects .gitignore)', guidelines: [] },
  grep: { snippet: 'Search file contents for patterns (respects .gitignore)', guidelines: [] },
  bash: {
    snippet: 'Execute bash commands (ls, grep, find, etc.)',
    guidelines: ['You can inspect PI_* environment variables for current model and session details.'],
  },
};
