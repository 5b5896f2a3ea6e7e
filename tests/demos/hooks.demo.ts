// npm run demo: lesson 10, a call blocked by beforeToolCall and a result rewritten by afterToolCall.
import { runDemo } from './support/run-demo.ts';
import { hooks } from './scripts/hooks.ts';

runDemo(hooks);
