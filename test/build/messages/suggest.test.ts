import { describe, expect, it } from 'vitest';
import { closestName, didYouMean } from '../../../generator/build/messages/suggest.js';

describe('did you mean', () => {
  const directives = ['controls', 'scopes', 'discovery-chain', 'pricing-call', 'section-pages'];

  it('names the closest known name for a typo', () => {
    expect(closestName('scopez', directives)).toBe('scopes');
    expect(closestName('discovery-chian', directives)).toBe('discovery-chain');
    expect(closestName('Controls', directives)).toBe('controls');
    expect(didYouMean('scopez', directives, (n) => `\`::${n}\``)).toBe('Did you mean `::scopes`? ');
  });

  it('suggests nothing for a name far from every known one, or for an empty list', () => {
    expect(closestName('weather', directives)).toBeUndefined();
    expect(closestName('abc', ['xyz'])).toBeUndefined();
    expect(closestName('scopez', [])).toBeUndefined();
    expect(didYouMean('weather', directives)).toBe('');
  });
});
