import { describe, expect, it } from 'vitest';
import { StringEnum as piStringEnum } from '@earendil-works/pi-ai';
import { StringEnum } from './string-enum.ts';

describe('StringEnum', () => {
  it('builds the same schema as pi-ai, visible and hidden keys alike', () => {
    const cases: [readonly string[], { description?: string; default?: string } | undefined][] = [
      [['celsius', 'fahrenheit'], undefined],
      [['a', 'b'], { description: 'Unit', default: 'b' }],
      [['x'], { description: '', default: '' }],
    ];
    for (const [values, options] of cases) {
      const ours = StringEnum(values, options);
      const theirs = piStringEnum(values as string[], options);
      expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
      expect(Reflect.ownKeys(ours)).toEqual(Reflect.ownKeys(theirs));
    }
  });
});
