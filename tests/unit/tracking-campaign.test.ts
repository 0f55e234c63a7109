import { describe, expect, it } from 'vitest';
import { campaignFromQuery, carryCampaign, mergeCampaign, sanitizeCampaign, withValidCampaign } from '../../src/domain/campaign';
import { CAMPAIGN_SESSION_KEY } from '../../client/lib/campaign';
import { hasCampaign } from '../../client/islands/DownloadButton';

const ORIGIN = 'https://www.mt-recover.com';

describe('the campaign query', () => {
  it('keeps the five campaign keys when their values are valid', () => {
    const campaign = campaignFromQuery('?uuid=0d3c7f3e-1b2a-4c5d-8e9f-0a1b2c3d4e5f&from=baidu&isSem=2&group_tid=11&bd_vid=AbC123_x-y.z&utm_source=x');
    expect(campaign).toEqual({ uuid: '0d3c7f3e-1b2a-4c5d-8e9f-0a1b2c3d4e5f', from: 'baidu', isSem: '2', group_tid: '11', bd_vid: 'AbC123_x-y.z' });
  });

  it('drops invalid values', () => {
    expect(campaignFromQuery('isSem=3&group_tid=abc&uuid=short&from=<script>&bd_vid=a%20b')).toEqual({});
    expect(campaignFromQuery('isSem=1')).toEqual({ isSem: '1' });
    expect(campaignFromQuery(`bd_vid=${'a'.repeat(257)}`)).toEqual({});
  });

  it('drops a key given twice with different values', () => {
    expect(campaignFromQuery('isSem=1&isSem=2')).toEqual({});
    expect(campaignFromQuery('isSem=2&isSem=2')).toEqual({ isSem: '2' });
  });

  it('lets the current address override what was kept, key by key', () => {
    expect(mergeCampaign({ from: 'a', isSem: '1' }, { isSem: '2' })).toEqual({ from: 'a', isSem: '2' });
  });

  it('keeps only valid values read back from storage', () => {
    expect(sanitizeCampaign({ isSem: '2', from: 'x y', bd_vid: 5, other: 'z' })).toEqual({ isSem: '2' });
    expect(sanitizeCampaign('nonsense')).toEqual({});
    expect(sanitizeCampaign(null)).toEqual({});
  });
});

describe('a page address with only the valid campaign values (the download report\'s source_url)', () => {
  it('drops the values campaignFromQuery drops and keeps everything else as it was', () => {
    expect(withValidCampaign(`${ORIGIN}/lp/mt-recover?uuid=u-123&group_tid=abc&from=ad&bd_vid=zz&utm_source=x%20y`)).toBe(`${ORIGIN}/lp/mt-recover?from=ad&bd_vid=zz&utm_source=x+y`);
    expect(withValidCampaign(`${ORIGIN}/?isSem=1&isSem=2&from=a`)).toBe(`${ORIGIN}/?from=a`);
  });

  it('leaves an address whose campaign values are all valid exactly as it is', () => {
    for (const href of [`${ORIGIN}/lp/mt-recover?from=ad&bd_vid=zz&note=a%20b`, `${ORIGIN}/`, `${ORIGIN}/buy#plans`]) expect(withValidCampaign(href)).toBe(href);
  });
});

describe('carrying the campaign through internal links', () => {
  const campaign = { isSem: '2' as const, from: 'bing', bd_vid: 'abc123' };

  it('adds the keys to a page of the site', () => {
    expect(carryCampaign('/buy', campaign, ORIGIN)).toBe('/buy?from=bing&isSem=2&bd_vid=abc123');
    expect(carryCampaign(`${ORIGIN}/ja-JP/feedback#form`, campaign, ORIGIN)).toBe('/ja-JP/feedback?from=bing&isSem=2&bd_vid=abc123#form');
  });

  it('keeps values the link already has', () => {
    expect(carryCampaign('/buy?isSem=1&product=3', campaign, ORIGIN)).toBe('/buy?isSem=1&product=3&from=bing&bd_vid=abc123');
  });

  it('leaves other hosts, non-page paths, hashes and other schemes alone', () => {
    for (const href of ['https://example.com/buy', '//example.com/x', '/download/mt-recover_setup_16_1.exe', '/api/ocpc/get_short_code', '/beacon', '/assets/x.js', '#main', 'mailto:help@mt-recover.com', 'javascript:alert(1)']) {
      expect(carryCampaign(href, campaign, ORIGIN), href).toBe(href);
    }
  });

  it('changes nothing without a campaign', () => {
    expect(carryCampaign('/buy', {}, ORIGIN)).toBe('/buy');
  });
});

describe('loading the link-carrying code only for a campaign visit', () => {
  const session = (value: string | null) => ({ getItem: (key: string) => (key === CAMPAIGN_SESSION_KEY ? value : null) });

  it('happens when the address has a campaign key', () => {
    for (const search of ['?isSem=2', '?a=1&bd_vid=x', '?uuid=abc', '?from=x', '?group_tid=2']) expect(hasCampaign(search, session(null)), search).toBe(true);
  });

  it('happens when the visit kept a campaign from an earlier page', () => {
    expect(hasCampaign('', session('{"isSem":"2"}'))).toBe(true);
  });

  it('does not happen for a visit without one', () => {
    expect(hasCampaign('?utm_source=x&fromage=1', session(null))).toBe(false);
    expect(hasCampaign('', null)).toBe(false);
  });
});
