import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { edgeBeaconSchema } from '../../src/domain/api-schemas';
import { BEACON_THROTTLE_MS } from '../../src/domain/tracking';

// The browser sender (client/lib/beacon.ts) in Node with a minimal browser around it: storage,
// location, navigator.sendBeacon, Image and page events. Fake timers make the 200 ms spacing exact.

class MemoryStorage {
  private map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

interface Browser {
  sent: string[];
  images: string[];
  beaconAccepts: boolean;
  local: MemoryStorage;
  listeners: Map<string, (() => void)[]>;
}

function fakeBrowser(search = ''): Browser {
  const browser: Browser = { sent: [], images: [], beaconAccepts: true, local: new MemoryStorage(), listeners: new Map() };
  const on = (type: string, fn: () => void) => browser.listeners.set(type, [...(browser.listeners.get(type) ?? []), fn]);
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('localStorage', browser.local);
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('location', new URL(`https://www.mt-recover.com/ja-JP/mt-recover${search}`));
  vi.stubGlobal('navigator', {
    userAgent: 'test',
    sendBeacon: (url: string) => {
      if (browser.beaconAccepts) browser.sent.push(url);
      return browser.beaconAccepts;
    },
  });
  vi.stubGlobal(
    'Image',
    class {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      set src(url: string) {
        browser.images.push(url);
      }
    },
  );
  vi.stubGlobal('addEventListener', on);
  vi.stubGlobal('document', { visibilityState: 'visible', addEventListener: on });
  return browser;
}

async function loadSender() {
  vi.resetModules();
  const tracking = await import('../../client/lib/tracking');
  const beacon = await import('../../client/lib/beacon');
  return { ...tracking, ...beacon };
}

const fieldsOf = (url: string) => Object.fromEntries(new URL(url, 'https://www.mt-recover.com').searchParams);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'], now: new Date('2026-11-21T10:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the beacon sender', () => {
  it('sends what was tracked before it was installed, as a full report the edge accepts', async () => {
    const browser = fakeBrowser('?group_tid=11&from=baidu&isSem=2');
    const { track, installBeaconSender } = await loadSender();
    track({ action: 'download', btn_id: 'nav_download' });
    expect(browser.sent).toEqual([]);
    installBeaconSender();
    expect(browser.sent).toHaveLength(1);
    const fields = fieldsOf(browser.sent[0]!);
    expect(browser.sent[0]).toMatch(/^\/beacon\?/);
    expect(fields).toMatchObject({ action: 'download', btn_id: 'nav_download', business_index: '8109', cid: '81', tid1: '16', tid2: '11', from_: 'baidu', tryno: '0', page_id: '/ja-JP/mt-recover' });
    expect(edgeBeaconSchema.safeParse(fields).success).toBe(true);
  });

  it('creates the visitor id once and keeps it in localStorage', async () => {
    const browser = fakeBrowser();
    const { track, installBeaconSender } = await loadSender();
    installBeaconSender();
    track({ action: 'download' });
    const first = fieldsOf(browser.sent[0]!).uuid;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(browser.local.getItem('uuid')).toBe(first);
    vi.advanceTimersByTime(BEACON_THROTTLE_MS);
    track({ action: 'view' });
    expect(fieldsOf(browser.sent[1]!).uuid).toBe(first);
  });

  it("adopts a valid uuid from the address when none is stored, and never replaces a stored one", async () => {
    const browser = fakeBrowser('?uuid=app-visitor-0001');
    const { track, installBeaconSender } = await loadSender();
    installBeaconSender();
    track({ action: 'download' });
    expect(fieldsOf(browser.sent[0]!).uuid).toBe('app-visitor-0001');
    browser.local.setItem('uuid', 'stored-visitor-0002');
    vi.advanceTimersByTime(BEACON_THROTTLE_MS);
    track({ action: 'view' });
    expect(fieldsOf(browser.sent[1]!).uuid).toBe('stored-visitor-0002');
  });

  it('spaces beacons 200 ms apart and loses none of them', async () => {
    const browser = fakeBrowser();
    const { track, installBeaconSender } = await loadSender();
    installBeaconSender();
    track({ action: 'download', btn_id: 'a' });
    track({ action: 'download', btn_id: 'b' });
    track({ action: 'download', btn_id: 'c' });
    expect(browser.sent.map((u) => fieldsOf(u).btn_id)).toEqual(['a']);
    vi.advanceTimersByTime(BEACON_THROTTLE_MS - 1);
    expect(browser.sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(browser.sent.map((u) => fieldsOf(u).btn_id)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(BEACON_THROTTLE_MS);
    expect(browser.sent.map((u) => fieldsOf(u).btn_id)).toEqual(['a', 'b', 'c']);
    const times = browser.sent.map((u) => Number(fieldsOf(u).time_));
    expect(new Set(times).size).toBe(3);
  });

  it('treats the same event fired twice within 200 ms as one (a double click)', async () => {
    const browser = fakeBrowser();
    const { track, installBeaconSender } = await loadSender();
    installBeaconSender();
    track({ action: 'download', btn_id: 'hero' });
    track({ action: 'download', btn_id: 'hero' });
    vi.advanceTimersByTime(BEACON_THROTTLE_MS * 3);
    expect(browser.sent).toHaveLength(1);
    track({ action: 'download', btn_id: 'hero' });
    expect(browser.sent).toHaveLength(2);
  });

  it('sends everything still waiting at once when the page is hidden', async () => {
    const browser = fakeBrowser();
    const { track, installBeaconSender } = await loadSender();
    installBeaconSender();
    track({ action: 'download', btn_id: 'a' });
    track({ action: 'download', btn_id: 'b' });
    track({ action: 'download', btn_id: 'c' });
    for (const listener of browser.listeners.get('pagehide') ?? []) listener();
    expect(browser.sent.map((u) => fieldsOf(u).btn_id)).toEqual(['a', 'b', 'c']);
  });

  it('falls back to an image GET when sendBeacon refuses', async () => {
    const browser = fakeBrowser();
    browser.beaconAccepts = false;
    const { track, installBeaconSender } = await loadSender();
    installBeaconSender();
    track({ action: 'download' });
    expect(browser.images).toHaveLength(1);
    expect(fieldsOf(browser.images[0]!).action).toBe('download');
  });

  it('turns characters the edge refuses into underscores instead of losing the event', async () => {
    const browser = fakeBrowser();
    const { track, installBeaconSender } = await loadSender();
    installBeaconSender();
    track({ action: 'download', btn_id: 'hero button<1>' });
    const fields = fieldsOf(browser.sent[0]!);
    expect(fields.btn_id).toBe('hero_button_1_');
    expect(edgeBeaconSchema.safeParse(fields).success).toBe(true);
  });
});
