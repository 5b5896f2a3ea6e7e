// The open lesson's captions as its run plays: which one is on show (the last whose moment the cursor reached),
// pausing playback at each one when asked, and the timeline selection of the call a caption talks about.
import { untrack } from 'svelte';
import { resolveCaptions, type ResolvedCaption } from '../../content/lessons/index.ts';
import type { Lesson } from '../../content/lessons/index.ts';
import { labelRecordings } from './workspace.ts';
import type { RunState } from '../run/run.svelte.ts';

export class LessonCaptions {
  /** Index into `shown` of the caption on show; -1 before the first. */
  #index = $state(-1);
  #pauseAt = $state(true);
  /** Where a caption navigation put the cursor: while it stays there, ties at that moment do not advance it. */
  #pinnedMs: number | null = null;

  /** The lesson's captions against what the run state shows now (after a re-record too). */
  readonly all = $derived.by((): ResolvedCaption[] => {
    const lesson = this.lesson();
    return lesson ? resolveCaptions(labelRecordings(this.run.recordings, lesson), lesson.captions) : [];
  });
  /** The captions that matched the run, in reading order. */
  readonly shown = $derived(this.all.filter((c) => c.position !== undefined));
  /** Captions whose moment did not happen in the shown run (the tools or the scenario were changed). */
  readonly missed = $derived(this.all.length - this.shown.length);

  /** `lesson` is the open lesson (reactive); `onEnded` hears that its run was played to the end. */
  constructor(
    private readonly run: RunState,
    private readonly lesson: () => Lesson | null,
    private readonly onEnded: (lesson: Lesson) => void,
  ) {}

  get index(): number { return this.#index; }
  get pauseAt(): boolean { return this.#pauseAt; }

  setPauseAt(on: boolean): void {
    this.#pauseAt = on;
  }

  /** Before the first caption (a lesson opened or closed). */
  rewind(): void {
    this.#index = -1;
  }

  /** Before the first caption of a new recording: no navigation pin is left from the old one. */
  reset(): void {
    this.#index = -1;
    this.#pinnedMs = null;
  }

  /** Shows caption `index` (of `shown`) at its event, paused. */
  show(index: number): void {
    const position = this.shown[index]?.position;
    if (!position) return;
    this.run.pause();
    this.run.seekEvent(position.recordingId, position.seq);
    this.#index = index;
    this.#pinnedMs = this.run.cursorMs;
    this.#selectFor(index);
  }

  /** The next caption; after the last one, the end of the run. */
  next(): void {
    if (this.#index + 1 < this.shown.length) return this.show(this.#index + 1);
    this.run.pause();
    this.run.seek(this.run.durationMs);
    this.#pinnedMs = null;
    this.sync();
  }

  previous(): void {
    if (this.#index > 0) return this.show(this.#index - 1);
    this.run.pause();
    this.run.seek(0);
    this.reset();
  }

  /**
   * Follows the run's cursor (the lesson view calls it whenever the cursor moves): the caption on show is the last
   * one reached; while playing with pause-at-captions, playback stops at the next caption's event instead of
   * passing it. Reaching the end counts as watching the run.
   */
  sync(): void {
    const lesson = this.lesson();
    if (!lesson) return;
    const captions = this.shown;
    let reached = -1;
    captions.forEach((c, i) => { if (this.run.shownCount(c.position!.recordingId) > c.position!.seq) reached = i; });
    const playing = this.run.playing;
    // Moved by playback: playing now, or just stopped by playing into the end (that frame may pass several captions).
    const byPlayback = playing || this.run.playedToEnd;
    const cursor = this.run.cursorMs;
    const ended = this.run.state === 'ended';
    untrack(() => {
      if (reached > this.#index && byPlayback && this.#pauseAt) return this.show(this.#index + 1);
      if (ended && captions.length > 0) this.onEnded(lesson);
      if (!playing && this.#pinnedMs === cursor) return;
      this.#pinnedMs = null;
      if (reached !== this.#index) {
        this.#index = reached;
        this.#selectFor(reached);
      }
    });
  }

  /** Selects on the timeline the call (and phase) a caption talks about, so its span is highlighted. */
  #selectFor(index: number): void {
    const caption = this.shown[index];
    const anchor = caption?.caption.at;
    if (!caption || !anchor || !('toolCallId' in anchor) || anchor.toolCallId === undefined) return;
    const phase = anchor.on === 'phase' ? anchor.phase : undefined;
    this.run.select({ recordingId: caption.position!.recordingId, toolCallId: anchor.toolCallId, ...(phase ? { phase } : {}) });
  }
}
