import { CAPTCHA_CHARACTERS, GLYPHS } from './captcha-glyphs';

// The feedback captcha image: an SVG of distorted stroke glyphs over noise curves, as a base64
// data URL. Randomness comes from the CSPRNG so answers cannot be predicted from earlier ones.

export const CAPTCHA_LENGTH = 5;
const WIDTH = 150;
const HEIGHT = 50;
const COLORS = ['#1f4e79', '#7a2e0e', '#245c2a', '#5b2a86', '#8a1c3a', '#0f5e63'];

function random(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;
}
const between = (min: number, max: number) => min + random() * (max - min);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const num = (n: number) => n.toFixed(1);

export function newCaptchaAnswer(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => pick([...CAPTCHA_CHARACTERS])).join('');
}

function glyphPaths(char: string, index: number): string {
  const glyph = GLYPHS[char];
  if (!glyph) throw new RangeError(`no captcha glyph for ${char}`);
  const cell = (WIDTH - 20) / CAPTCHA_LENGTH;
  const scale = between(3.8, 4.6);
  const angle = (between(-18, 18) * Math.PI) / 180;
  const cx = 10 + cell * index + cell / 2 + between(-3, 3);
  const cy = HEIGHT / 2 + between(-4, 4);
  const color = pick(COLORS);
  return glyph
    .map((line) => {
      const points = line.map(([x, y]) => {
        // Centre the 4 × 6 grid, jitter, rotate, scale, then move into the cell.
        const gx = (x - 2 + between(-0.18, 0.18)) * scale;
        const gy = (y - 3 + between(-0.18, 0.18)) * scale;
        return [cx + gx * Math.cos(angle) - gy * Math.sin(angle), cy + gx * Math.sin(angle) + gy * Math.cos(angle)] as const;
      });
      const d = points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${num(x)} ${num(y)}`).join('');
      return `<path d="${d}" stroke="${color}" stroke-width="${num(between(2.2, 3))}"/>`;
    })
    .join('');
}

function noise(): string {
  const curves = Array.from({ length: 5 }, () => {
    const d = `M${num(between(0, 20))} ${num(between(0, HEIGHT))}C${num(between(30, 70))} ${num(between(-10, HEIGHT + 10))} ${num(between(80, 120))} ${num(between(-10, HEIGHT + 10))} ${num(between(WIDTH - 20, WIDTH))} ${num(between(0, HEIGHT))}`;
    return `<path d="${d}" stroke="${pick(COLORS)}" stroke-width="${num(between(0.8, 1.6))}" opacity="0.6"/>`;
  });
  const dots = Array.from(
    { length: 30 },
    () => `<circle cx="${num(between(0, WIDTH))}" cy="${num(between(0, HEIGHT))}" r="${num(between(0.6, 1.4))}" fill="${pick(COLORS)}" opacity="0.5"/>`,
  );
  return curves.join('') + dots.join('');
}

export function renderCaptchaSvg(answer: string): string {
  const glyphs = [...answer].map((char, i) => glyphPaths(char, i)).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="verification code"><rect width="100%" height="100%" fill="#f4f1ea"/><g fill="none" stroke-linecap="round" stroke-linejoin="round">${noise()}${glyphs}</g></svg>`;
}

export function captchaDataUrl(answer: string): string {
  return `data:image/svg+xml;base64,${btoa(renderCaptchaSvg(answer))}`;
}
