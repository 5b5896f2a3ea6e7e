// The playhead: the cursor's virtual time and how many events of each recording are shown there, always moved
// together so they agree — to a time (seek, playback) or onto one event (step), where later ties stay hidden.
import type { Recording } from '../../recording/index.ts';
import { countAtOrBefore } from './cursor.ts';

export class RunPlayhead {
  #ms = $state(0);
  #counts = $state.raw<Record<string, number>>({});
  #byPlayback = $state(false);

  get ms(): number { return this.#ms; }
  /** The last move was playback's (advance), not a seek, a step or a reset. */
  get movedByPlayback(): boolean { return this.#byPlayback; }

  /** Events of `recordingId` shown (the index of the last shown event is one less). */
  shown(recordingId: string): number {
    return this.#counts[recordingId] ?? 0;
  }

  /** At `ms`: every event up to that time, in every recording. */
  seek(recordings: readonly Recording[], ms: number): void {
    this.#ms = ms;
    this.#byPlayback = false;
    this.#counts = Object.fromEntries(recordings.map((r) => [r.id, countAtOrBefore(r.events, ms)]));
  }

  /** On event `count - 1` of `recording` (it and everything before it); the other recordings up to its time. */
  moveTo(recordings: readonly Recording[], recording: Recording, count: number): void {
    const available = Math.min(count, recording.events.length);
    const t = available > 0 ? recording.events[available - 1].t : 0;
    this.#ms = t;
    this.#byPlayback = false;
    const counts: Record<string, number> = {};
    for (const r of recordings) counts[r.id] = r === recording ? available : countAtOrBefore(r.events, t);
    this.#counts = counts;
  }

  /** Forward to `ms` while playing: events a step showed ahead of the cursor's time stay shown. */
  advance(recordings: readonly Recording[], ms: number): void {
    const counts: Record<string, number> = {};
    for (const r of recordings) counts[r.id] = Math.max(this.#counts[r.id] ?? 0, countAtOrBefore(r.events, ms));
    this.#ms = ms;
    this.#byPlayback = true;
    this.#counts = counts;
  }

  /** Back to 0 with nothing shown (a new recording is starting). */
  clear(): void {
    this.#ms = 0;
    this.#byPlayback = false;
    this.#counts = {};
  }
}
