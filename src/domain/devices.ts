import { isbot } from 'isbot';

// Phones only: tablets get the desktop pages, which are responsive.
const PHONE_UA = /\b(iPhone|iPod|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile)\b|Android.*\bMobile\b|\bMobile Safari\b|\bMobi\b/i;

/**
 * Sec-CH-UA-Mobile is the explicit client hint ('?1' phone, '?0' not); when it is absent the
 * User-Agent decides.
 */
export function detectDevice(userAgent: string | null | undefined, chUaMobile: string | null | undefined) {
  const ua = (userAgent ?? '').slice(0, 1024);
  const { bot, phone } = uaFacts(ua);
  const hint = chUaMobile?.trim();
  const mobile = hint === '?1' ? true : hint === '?0' ? false : phone;
  return { mobile, bot };
}

/**
 * What a User-Agent says, remembered per isolate: a few browsers' strings make most requests, and
 * isbot's pattern is the costliest part of a cached page view. Bounded (oldest out first), so
 * made-up strings cannot grow it.
 */
const UA_MEMO_ENTRIES = 256;
const uaMemo = new Map<string, { bot: boolean; phone: boolean }>();

function uaFacts(ua: string): { bot: boolean; phone: boolean } {
  let facts = uaMemo.get(ua);
  if (facts) return facts;
  facts = { bot: ua === '' ? false : isbot(ua), phone: PHONE_UA.test(ua) };
  if (uaMemo.size >= UA_MEMO_ENTRIES) uaMemo.delete(uaMemo.keys().next().value!);
  uaMemo.set(ua, facts);
  return facts;
}
