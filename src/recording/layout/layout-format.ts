// Stable text of a timeline layout, one line per lane and span, for snapshot tests and bug reports. Times are ms
// since the recording's first event, printed as given (use a VirtualClock for stable output).
import type { CallLane, RecordingLayout, TimelineLayout } from './layout-types.ts';

export function formatLayout(layout: TimelineLayout): string {
  return layout.recordings.map(formatRecordingLayout).join('\n\n');
}

export function formatRecordingLayout(layout: RecordingLayout): string {
  const lines: string[] = [];
  const failure = layout.failure ? ` failure ${JSON.stringify(layout.failure)}` : '';
  lines.push(`recording ${layout.recordingId} ${JSON.stringify(layout.label)} ${layout.toolExecution} ${layout.status} ${layout.durationMs}ms${failure}`);
  for (const turn of layout.turns) lines.push(`turn ${turn.index} ${range(turn)}`);
  lines.push('stream');
  for (const response of layout.responses) {
    lines.push(`  response turn ${response.turn} ${range(response)} ${response.stopReason ?? 'streaming'}`);
    for (const block of layout.blocks) {
      if (block.turn !== response.turn || block.startMs < response.startMs || block.startMs > response.endMs) continue;
      const id = block.toolCallId ? ` ${block.toolCallId}` : '';
      const open = block.open ? ' open' : '';
      lines.push(`    ${block.kind} #${block.contentIndex}${id} ${range(block)} ${block.deltaMs.length} deltas ${block.chars} chars${open}`);
    }
  }
  for (const mark of layout.marks) {
    lines.push(`  ${mark.kind}${mark.level && mark.level !== 'log' ? ` ${mark.level}` : ''} @${mark.ms} ${JSON.stringify(mark.text)}`);
  }
  for (const batch of layout.batches) {
    const flags = `${batch.truncated ? ' truncated' : ''}${batch.terminate ? ' terminate' : ''}`;
    lines.push(`batch turn ${batch.turn} ${batch.mode} ${range(batch)} [${batch.toolCallIds.join(',')}]${flags}`);
  }
  for (const lane of layout.calls) lines.push(...formatLane(lane));
  return lines.join('\n');
}

function formatLane(lane: CallLane): string[] {
  const key = lane.key === lane.toolCallId ? '' : ` (${lane.key})`;
  const { mode, index, size, truncated } = lane.batch;
  const lines = [`call ${lane.label}${key} turn ${lane.turn} ${mode} ${index + 1}/${size}${truncated ? ' truncated' : ''} ${range(lane)} -> ${lane.outcome ?? 'unfinished'}`];
  for (const span of lane.spans) {
    const pi = span.piSeqs.length > 0 ? ` pi ${span.piSeqs.length}` : '';
    lines.push(`  ${span.phase} ${range(span)} ${span.outcome ?? 'open'}${pi}`);
    if (span.phase !== 'execute') continue;
    for (const tick of lane.updates) lines.push(`    update @${tick.ms}${tick.accepted ? '' : ' ignored'}`);
  }
  if (!lane.spans.some((s) => s.phase === 'execute')) {
    for (const tick of lane.updates) lines.push(`  update @${tick.ms}${tick.accepted ? '' : ' ignored'}`);
  }
  for (const mark of lane.fs) lines.push(`  fs ${mark.op} ${mark.path}${mark.bytes === undefined ? '' : ` ${mark.bytes}B`} @${mark.ms}`);
  return lines;
}

function range(span: { startMs: number; endMs: number }): string {
  return `${span.startMs}-${span.endMs}`;
}
