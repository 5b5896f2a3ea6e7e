// npm run demo: one demo per lesson of the gallery (screenshots at each caption, the quiz; a video each when
// Playwright's ffmpeg is installed).
import { runDemo } from './support/run-demo.ts';
import { lessonDemos } from './scripts/lessons.ts';

for (const demo of lessonDemos) runDemo(demo);
