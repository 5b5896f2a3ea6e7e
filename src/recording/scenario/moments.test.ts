import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../engine/index.ts';
import type { AgentEvent } from '../../engine/index.ts';
import { MomentScheduler } from './moments.ts';

const turnEnd = { type: 'turn_end', message: {}, toolResults: [] } as unknown as AgentEvent;
const toolEnd = (id: string) => ({ type: 'tool_execution_end', toolCallId: id, toolName: 't', result: {}, isError: false }) as AgentEvent;

/** Lets a VirtualClock run its timers to the end. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('MomentScheduler', () => {
  it('fires event moments synchronously at the event, and turn moments when the turn before ends', () => {
    const clock = new VirtualClock();
    const moments = new MomentScheduler(clock, 0);
    const fired: string[] = [];
    moments.at({ beforeTurn: 1 }, () => fired.push('turn 1'));
    moments.at({ beforeTurn: 3 }, () => fired.push('turn 3'));
    moments.at({ toolCallEnd: 'x' }, () => fired.push('x ended'));
    moments.at(undefined, () => fired.push('now'));
    expect(fired).toEqual(['turn 1', 'now']);
    moments.onAgentEvent(toolEnd('y'));
    moments.onAgentEvent(toolEnd('x'));
    moments.onAgentEvent(turnEnd);
    expect(fired).toEqual(['turn 1', 'now', 'x ended']);
    moments.onAgentEvent(turnEnd);
    expect(fired).toEqual(['turn 1', 'now', 'x ended', 'turn 3']);
    moments.onAgentEvent(toolEnd('x'));
    expect(fired).toHaveLength(4); // once only
  });

  it('waits afterMs on the clock after the event, and counts atMs from the run start', async () => {
    const clock = new VirtualClock(1000);
    const moments = new MomentScheduler(clock, 1000);
    const fired: string[] = [];
    moments.at({ atMs: 300 }, () => fired.push(`atMs@${clock.now()}`));
    moments.at({ toolCallStart: 'a', afterMs: 50 }, () => fired.push(`a+50@${clock.now()}`));
    moments.onAgentEvent({ type: 'tool_execution_start', toolCallId: 'a', toolName: 't', args: {} });
    await settle();
    expect(fired).toEqual(['a+50@1050', 'atMs@1300']);
  });

  it('fires nothing after dispose and leaves no timers behind', async () => {
    const clock = new VirtualClock();
    const moments = new MomentScheduler(clock, 0);
    const fired: string[] = [];
    moments.at({ atMs: 500 }, () => fired.push('late'));
    moments.at({ toolCallExecute: 'a' }, () => fired.push('execute'));
    moments.dispose();
    moments.onTraceEvent({ type: 'trace_phase_start', t: 0, turn: 1, toolCallId: 'a', toolName: 't', phase: 'execute' });
    await settle();
    expect(fired).toEqual([]);
    expect(clock.pendingTimers).toBe(0);
  });
});
