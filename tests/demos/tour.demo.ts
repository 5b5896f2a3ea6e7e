// npm run demo: URL parameters and keyboard shortcuts, in Chinese and the dark theme.
import { runDemo } from './support/run-demo.ts';
import { tour } from './scripts/tour.ts';

runDemo(tour);
