import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { onSitePath, readsAsOtherHost } from '../../src/domain/paths';

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

describe('readsAsOtherHost', () => {
  it.each(['//evil.example', '/\\evil.example', '/%2f%2fevil.example', '/%2F/evil.example', '/%2fevil.example', '/%5cevil.example', '/%5C%5Cevil.example', '/%252f%252fevil.example', '/%09/evil.example', '/\t/evil.example', '/%25252525252fx'])(
    'is true for %s',
    (path) => expect(readsAsOtherHost(path)).toBe(true),
  );

  it.each(['/', '/buy', '/buy%20now', '/a//b', '/a/%2f%2fb', '/%0d%0aLocation:%20x', '/%E0%A4%A', '/fr-FR/buy'])('is false for %s', (path) => expect(readsAsOtherHost(path)).toBe(false));
});
