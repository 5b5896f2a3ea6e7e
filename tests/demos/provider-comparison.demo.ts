// npm run demo: lesson 2, then the same tool in each provider's request.
import { runDemo } from './support/run-demo.ts';
import { providerComparison } from './scripts/provider-comparison.ts';

runDemo(providerComparison);
