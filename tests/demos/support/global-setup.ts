// Runs once before the demos: says where their output goes, and whether videos are recorded.
import { findPlaywrightFfmpeg, VIDEO_SKIPPED_MESSAGE } from './ffmpeg.ts';

export default function globalSetup(): void {
  const ffmpeg = findPlaywrightFfmpeg();
  console.log(ffmpeg ? `[demo] Recording a video per demo with ${ffmpeg}.` : VIDEO_SKIPPED_MESSAGE);
  console.log('[demo] Screenshots and videos go to demo-output/<demo>/.');
}
