import { describe, expect, it } from 'vitest';
import { DRAFT_PATTERN, isUploadKey, newUploadKey, randomHex32, sniffImageType } from '../../src/domain/uploads';
import { EXE, IMAGES, SVG, WAV, pngOfSize } from '../fixtures/images';

describe('sniffImageType', () => {
  it.each(Object.entries(IMAGES))('recognises a real %s by its first bytes', (ext, bytes) => {
    expect(sniffImageType(bytes)).toBe(ext);
  });

  it('refuses an executable, whatever it is named', () => {
    expect(sniffImageType(EXE)).toBeNull();
  });

  it('refuses an SVG, a WAV (RIFF but not WEBP), text and an empty file', () => {
    expect(sniffImageType(SVG)).toBeNull();
    expect(sniffImageType(WAV)).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF89'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('hello, world'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it('refuses a truncated signature and an executable with an image header further in', () => {
    expect(sniffImageType(IMAGES.png.subarray(0, 7))).toBeNull();
    const exeThenPng = new Uint8Array([...EXE, ...IMAGES.png]);
    expect(sniffImageType(exeThenPng)).toBeNull();
  });

  it('decides by the start only, so a big file needs no more than its head', () => {
    expect(sniffImageType(pngOfSize(64))).toBe('png');
  });
});

describe('upload keys', () => {
  it('are <draft>/<random>.<ext>, and only such strings are keys', () => {
    const draft = randomHex32();
    expect(draft).toMatch(DRAFT_PATTERN);
    const key = newUploadKey(draft, 'webp');
    expect(isUploadKey(key)).toBe(true);
    expect(key.startsWith(`${draft}/`)).toBe(true);
    expect(newUploadKey(draft, 'webp')).not.toBe(key);
    for (const bad of ['../etc/passwd', `${draft}/${draft}.exe`, `${draft}/${draft}.png/..`, `${draft.toUpperCase()}/${draft}.png`, 'https://img.example.com/a.png']) {
      expect(isUploadKey(bad), bad).toBe(false);
    }
  });
});
