// The constrainedSampling hint pi 0.85.1 puts on read, write, edit (and bash) when experimental features
// are on: providers that support strict tool schemas are asked to prefer them.
import type { ConstrainedSamplingConfig } from '../ai/index.ts';

export const STRICT_SAMPLING: ConstrainedSamplingConfig = { type: 'json_schema', strict: 'prefer' };
