// npm run demo: lesson 3, a validation failure and the corrected retry.
import { runDemo } from './support/run-demo.ts';
import { validationRetry } from './scripts/validation-retry.ts';

runDemo(validationRetry);
