import { describe, expect, it } from 'vitest';
import {
  contentDisposition,
  dedupeKey,
  DEFAULT_TIDS,
  GROUP_TID_TABLE,
  INSTALLER_OBJECTS,
  installerFileName,
  installerPath,
  isKnownTidPair,
  parseInstallerFileName,
  retryDelaySeconds,
  RETRY_MAX_SECONDS,
  semSuffix,
  tagCspSources,
  tagIdsFrom,
  tagMetaContent,
  tidsFor,
} from '../../src/domain/tracking';
import { INSTALLER_PATH } from '../../src/pages/machinery/links';
import { getShortCodeRequestSchema } from '../../src/domain/api-schemas';
import { pageCsp } from '../../src/domain/security-headers';
import { INSTALLER_KEY, installerBytes, INSTALLER_SIZE } from '../../scripts/seed-installer.mjs';

describe('tid1 and tid2', () => {
  it('default to 16 and 1 without a group_tid', () => {
    expect(tidsFor(undefined)).toEqual({ tid1: 16, tid2: 1 });
    expect(tidsFor(null)).toEqual(DEFAULT_TIDS);
  });

  it('map the four group_tids 2, 11, 12 and 15 to (16, x)', () => {
    expect(Object.keys(GROUP_TID_TABLE).sort()).toEqual(['11', '12', '15', '2']);
    for (const id of ['2', '11', '12', '15']) expect(tidsFor(id)).toEqual({ tid1: 16, tid2: Number(id) });
  });

  it('fall back to the default pair for an unknown or inherited group_tid', () => {
    expect(tidsFor('3')).toEqual(DEFAULT_TIDS);
    expect(tidsFor('constructor')).toEqual(DEFAULT_TIDS);
    expect(tidsFor('__proto__')).toEqual(DEFAULT_TIDS);
  });

  it('know exactly the five pairs the site can produce', () => {
    expect(isKnownTidPair(16, 1)).toBe(true);
    expect(isKnownTidPair(16, 15)).toBe(true);
    expect(isKnownTidPair(16, 3)).toBe(false);
    expect(isKnownTidPair(1, 16)).toBe(false);
  });
});

describe('the installer file name', () => {
  it('is <product>_setup_<tid1>_<tid2>.exe without a suffix', () => {
    expect(installerFileName({ product: 'mt-recover', tid1: 16, tid2: 1 })).toBe('mt-recover_setup_16_1.exe');
  });

  it('carries the short code or the campaign suffix after the ids', () => {
    expect(installerFileName({ product: 'mt-recover', tid1: 16, tid2: 11, suffix: 'AB12CD34' })).toBe('mt-recover_setup_16_11_AB12CD34.exe');
    expect(installerFileName({ product: 'mt-recover', tid1: 16, tid2: 1, suffix: semSuffix('2') })).toBe('mt-recover_setup_16_1_sem2.exe');
  });

  it('leaves out a suffix that could break the name', () => {
    expect(installerFileName({ product: 'mt-recover', tid1: 16, tid2: 1, suffix: '../evil' })).toBe('mt-recover_setup_16_1.exe');
  });

  it('reads back every name it writes', () => {
    for (const pair of [DEFAULT_TIDS, ...Object.values(GROUP_TID_TABLE)]) {
      for (const suffix of [undefined, 'Q7RW3K2M', 'sem1']) {
        const name = { product: 'mt-recover' as const, ...pair, ...(suffix ? { suffix } : {}) };
        expect(parseInstallerFileName(installerFileName(name))).toEqual(name);
      }
    }
  });

  it('refuses unknown products, unknown pairs, leading zeros, other extensions and path tricks', () => {
    for (const name of [
      'mt-kt_setup_16_1.exe',
      'mt-recover_setup_16_3.exe',
      'mt-recover_setup_016_1.exe',
      'mt-recover_setup_16_1.msi',
      'mt-recover_setup_16_1_.exe',
      'mt-recover_setup_16_1_a-b.exe',
      '../mt-recover_setup_16_1.exe',
      'mt-recover/setup.exe',
      'constructor_setup_16_1.exe',
      '',
    ]) {
      expect(parseInstallerFileName(name), name).toBeNull();
    }
  });

  it("is the site's default download link", () => {
    expect(installerPath({ product: 'mt-recover', ...DEFAULT_TIDS })).toBe(INSTALLER_PATH);
  });

  it('is sent with an RFC 6266 Content-Disposition (filename and filename*)', () => {
    expect(contentDisposition('mt-recover_setup_16_1.exe')).toBe(`attachment; filename="mt-recover_setup_16_1.exe"; filename*=UTF-8''mt-recover_setup_16_1.exe`);
    expect(contentDisposition('é"x.exe')).toBe(`attachment; filename="__x.exe"; filename*=UTF-8''%C3%A9%22x.exe`);
  });

  it('is stored under the key the seed script writes, about 3.2 MB', () => {
    expect(INSTALLER_OBJECTS['mt-recover']).toBe(INSTALLER_KEY);
    const bytes = installerBytes();
    expect(bytes.length).toBe(INSTALLER_SIZE);
    expect(INSTALLER_SIZE / 1024 / 1024).toBeCloseTo(3.2, 1);
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('MZ');
    expect(installerBytes(4096)).toEqual(installerBytes(4096));
  });
});

describe('event identity and delivery', () => {
  it('identifies an event by (uuid, time_, action, tryno), tryno 0 when absent', () => {
    expect(dedupeKey({ uuid: 'u-12345678', time_: 1763700000000, action: 'download' })).toBe('u-12345678|1763700000000|download|0');
    expect(dedupeKey({ uuid: 'u-12345678', time_: '1763700000000', action: 'download', tryno: 2 })).toBe('u-12345678|1763700000000|download|2');
  });

  it('waits longer after every failed delivery, up to a cap', () => {
    const delays = [1, 2, 3, 4, 5, 6].map(retryDelaySeconds);
    expect(delays).toEqual([10, 20, 40, 80, 160, 320]);
    expect(retryDelaySeconds(50)).toBe(RETRY_MAX_SECONDS);
    expect(retryDelaySeconds(0)).toBe(10);
  });
});

describe('analytics tags', () => {
  const ids = tagIdsFrom({ GTM_ID: 'GTM-AB12CD', GOOGLE_ADS_ID: 'AW-123456789', BING_UET_ID: '12345678' });

  it('take well-formed ids from configuration and ignore empty or malformed ones', () => {
    expect(ids).toEqual({ gtm: 'GTM-AB12CD', ads: 'AW-123456789', uet: '12345678' });
    expect(tagIdsFrom({ GTM_ID: '', GOOGLE_ADS_ID: '', BING_UET_ID: '' })).toEqual({});
    expect(tagIdsFrom({ GTM_ID: 'GTM-1"><script>', GOOGLE_ADS_ID: 'UA-1', BING_UET_ID: 'abc' })).toEqual({});
  });

  it('leave the page CSP unchanged when no tag is configured', () => {
    expect(pageCsp('n', tagCspSources({}))).toBe(pageCsp('n'));
    expect(tagMetaContent({})).toBeNull();
  });

  it("add exactly the configured tags' hosts to the CSP", () => {
    const onlyUet = pageCsp('n', tagCspSources({ uet: '12345678' }));
    expect(onlyUet).toContain('https://bat.bing.com');
    expect(onlyUet).not.toContain('google');
    const all = tagCspSources(ids);
    expect(all.script).toEqual(expect.arrayContaining(['https://www.googletagmanager.com', 'https://bat.bing.com', 'https://www.googleadservices.com']));
    expect(new Set(all.script).size).toBe(all.script.length);
    expect(JSON.parse(tagMetaContent(ids)!)).toEqual(ids);
  });
});

describe('the short-code request of a download', () => {
  const parse = (source_url: string) => getShortCodeRequestSchema.safeParse({ source_url, long_code: 'abc123', common: { app_id: 81 } }).success;

  it('takes the landing page wherever the site runs, local hosts included', () => {
    for (const url of ['https://www.mt-recover.com/?bd_vid=abc123', 'http://localhost:8787/ja-JP?bd_vid=x', 'http://127.0.0.1:8813/?bd_vid=x']) expect(parse(url), url).toBe(true);
  });

  it('refuses anything but an http(s) URL', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x.example/', 'http://', '/relative', `https://x.example/${'a'.repeat(2048)}`]) expect(parse(url), url).toBe(false);
  });
});
