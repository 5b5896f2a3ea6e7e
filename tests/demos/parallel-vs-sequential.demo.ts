// npm run demo: lesson 5, parallel against sequential on one time scale.
import { runDemo } from './support/run-demo.ts';
import { parallelVsSequential } from './scripts/parallel-vs-sequential.ts';

runDemo(parallelVsSequential);
