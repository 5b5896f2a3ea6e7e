// pi's fourth default tool, `bash`, runs a shell; a browser has none. This is what the playground shows
// where a learner looks for it, plus pi 0.85.1's declaration so the UI can display what pi would send.

export const BASH_UNAVAILABLE = {
  name: 'bash',
  title: 'bash is not available in the browser',
  explanation:
    "pi's bash tool runs commands in a real shell on your machine. A browser has no shell, so the playground " +
    'leaves bash out, as pi itself does when a tool set does not select it: the model is not told about bash ' +
    "and the system prompt loses bash's snippet and rules. read, write, edit, ls, find and grep cover files " +
    'here; find and grep do in-process what pi asks fd and ripgrep to do.',
  piDescription:
    'Execute a bash command in the current working directory. Returns stdout and stderr. Output is truncated to last 2000 lines or 50KB (whichever is hit first). If truncated, full output is saved to a temp file. Optionally provide a timeout in seconds.',
  piParameters: {
    command: 'Shell command to execute',
    timeout: 'Timeout in seconds (optional, no default timeout)',
  },
} as const;
