import { isbot } from 'isbot';

// Phones only: tablets get the desktop pages, which are responsive.
const PHONE_UA = /\b(iPhone|iPod|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile)\b|Android.*\bMobile\b|\bMobile Safari\b|\bMobi\b/i;

/**
 * Sec-CH-UA-Mobile is the explicit client hint ('?1' phone, '?0' not); when it is absent the
 * User-Agent decides.
 */
export function detectDevice(userAgent: string | null | undefined, chUaMobile: string | null | undefined) {
  const ua = (userAgent ?? '').slice(0, 1024);
  const bot = ua === '' ? false : isbot(ua);
  const hint = chUaMobile?.trim();
  const mobile = hint === '?1' ? true : hint === '?0' ? false : PHONE_UA.test(ua);
  return { mobile, bot };
}
