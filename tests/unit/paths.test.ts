import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { onSitePath } from '../../src/domain/paths';

const BASE = 'https://www.mt-recover.com';

describe('onSitePath', () => {
  it.each([
    ['/buy', '/buy'],
    ['buy', '/buy'],
    ['', '/'],
    ['/', '/'],
    ['//evil.example', '/evil.example'],
    ['/\\evil.example', '/evil.example'],
    ['\\\\evil.example', '/evil.example'],
    ['///evil.example/x', '/evil.example/x'],
    ['/\t/evil.example', '/evil.example'],
    ['/\n\r/evil.example', '/evil.example'],
    ['\u0000//evil.example', '/evil.example'],
    ['/a//b', '/a//b'],
    ['/buy?x=1', '/buy?x=1'],
  ])('%j → %j', (input, expected) => {
    expect(onSitePath(input)).toBe(expected);
  });

  it('always yields a path a browser resolves to this site', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (input) => {
        const path = onSitePath(input);
        expect(path.startsWith('/')).toBe(true);
        expect(path.startsWith('//')).toBe(false);
        expect(path.startsWith('/\\')).toBe(false);
        expect(new URL(path, BASE).origin).toBe(BASE);
      }),
      { numRuns: 500 },
    );
  });

  it('survives hostile prefixes built from slashes, backslashes and control characters', () => {
    const piece = fc.constantFrom('/', '\\', '\t', '\n', '\r', '\u0000', '%2F', '.', 'evil.example');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        expect(new URL(onSitePath(pieces.join('')), BASE).origin).toBe(BASE);
      }),
      { numRuns: 500 },
    );
  });
});
