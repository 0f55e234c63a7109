import { describe, expect, it } from 'vitest';
import { detectDevice } from '../../src/domain/devices';

const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/604.1',
  ipadDesktopMode: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
  operaMini: 'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  googlebotSmartphone:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  curl: 'curl/8.5.0',
};

describe('detectDevice', () => {
  it.each([
    ['iPhone', UA.iphone],
    ['Android phone', UA.androidPhone],
    ['Firefox on Android', UA.firefoxAndroid],
    ['Opera Mini', UA.operaMini],
  ])('a %s is a phone', (_name, ua) => {
    expect(detectDevice(ua, null)).toEqual({ mobile: true, bot: false });
  });

  it.each([
    ['Windows desktop', UA.windows],
    ['iPad', UA.ipad],
    ['iPad in desktop mode', UA.ipadDesktopMode],
    ['Android tablet', UA.androidTablet],
  ])('a %s is not a phone', (_name, ua) => {
    expect(detectDevice(ua, null).mobile).toBe(false);
  });

  it.each([
    ['Googlebot', UA.googlebot],
    ['Googlebot smartphone', UA.googlebotSmartphone],
    ['bingbot', UA.bingbot],
    ['curl', UA.curl],
  ])('%s is a bot', (_name, ua) => {
    expect(detectDevice(ua, null).bot).toBe(true);
  });

  it('a browser is not a bot', () => {
    expect(detectDevice(UA.windows, null).bot).toBe(false);
    expect(detectDevice(UA.iphone, null).bot).toBe(false);
  });

  it('Sec-CH-UA-Mobile ?1 makes any user agent a phone', () => {
    expect(detectDevice(UA.windows, '?1').mobile).toBe(true);
  });

  it('Sec-CH-UA-Mobile ?0 makes any user agent a non-phone', () => {
    expect(detectDevice(UA.iphone, '?0').mobile).toBe(false);
  });

  it('an unknown client hint value falls back to the user agent', () => {
    expect(detectDevice(UA.iphone, 'maybe').mobile).toBe(true);
    expect(detectDevice(UA.windows, '').mobile).toBe(false);
  });

  it('no user agent at all is a desktop browser, not a bot', () => {
    expect(detectDevice(undefined, undefined)).toEqual({ mobile: false, bot: false });
    expect(detectDevice('', null)).toEqual({ mobile: false, bot: false });
  });

  it('reads only the first kilobyte of a huge user agent', () => {
    expect(detectDevice(`${'x'.repeat(2000)} iPhone`, null).mobile).toBe(false);
  });
});
