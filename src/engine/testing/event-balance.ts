// Structural checks of an AgentEvent sequence: nothing left half-open. Every started message ends, every started
// tool call ends, turns alternate, and the run ends with agent_end carrying the run's messages.
import type { AgentEvent } from '../types.ts';

export function checkEventBalance(events: readonly AgentEvent[], options: { requireEnd?: boolean } = {}): string[] {
  const problems: string[] = [];
  let messageOpen = false;
  let turnOpen = false;
  const openCalls: string[] = [];
  let ended = false;
  events.forEach((event, index) => {
    const where = `#${index} ${event.type}`;
    if (ended) problems.push(`${where}: after agent_end`);
    if (index === 0 && event.type !== 'agent_start') problems.push(`${where}: run does not begin with agent_start`);
    switch (event.type) {
      case 'turn_start': if (turnOpen) problems.push(`${where}: turn already open`); turnOpen = true; break;
      case 'turn_end':
        if (!turnOpen) problems.push(`${where}: no turn open`);
        if (openCalls.length) problems.push(`${where}: tool calls still open: ${openCalls.join(',')}`);
        turnOpen = false;
        break;
      case 'message_start': if (messageOpen) problems.push(`${where}: a message is already open`); messageOpen = true; break;
      case 'message_update': if (!messageOpen) problems.push(`${where}: no message open`); break;
      case 'message_end': if (!messageOpen) problems.push(`${where}: no message open`); messageOpen = false; break;
      case 'tool_execution_start': openCalls.push(event.toolCallId); break;
      case 'tool_execution_update': if (!openCalls.includes(event.toolCallId)) problems.push(`${where}: ${event.toolCallId} not running`); break;
      case 'tool_execution_end': {
        const at = openCalls.indexOf(event.toolCallId);
        if (at < 0) problems.push(`${where}: ${event.toolCallId} was not started`);
        else openCalls.splice(at, 1);
        break;
      }
      case 'agent_end':
        if (turnOpen) problems.push(`${where}: turn still open`);
        if (messageOpen) problems.push(`${where}: message still open`);
        ended = true;
        break;
      default: break;
    }
  });
  if ((options.requireEnd ?? true) && !ended) problems.push('no agent_end');
  return problems;
}
