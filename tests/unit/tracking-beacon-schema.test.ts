import { describe, expect, it } from 'vitest';
import { collectBatchSchema, edgeBeaconSchema } from '../../src/domain/api-schemas';

const valid = {
  uuid: '0d3c7f3e-1b2a-4c5d-8e9f-0a1b2c3d4e5f',
  time_: '1763700000000',
  action: 'download',
  business_index: '8109',
  cid: '81',
  tid1: '16',
  tid2: '1',
};

const messageOf = (input: Record<string, unknown>) => {
  const result = edgeBeaconSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the edge beacon schema', () => {
  it('accepts a minimal report and turns the numbers into numbers', () => {
    const parsed = edgeBeaconSchema.parse(valid);
    expect(parsed).toMatchObject({ time_: 1763700000000, tryno: 0, tid1: '16', tid2: '1', business_index: '8109' });
  });

  it('accepts every optional field within its rules', () => {
    const full = {
      ...valid,
      tryno: '2',
      item_id: '81903',
      page_id: '/ja-JP/mt-recover',
      btn_id: 'nav_download',
      from_: 'baidu.sem',
      step: 'phone',
      indent: '1',
      result: 'ok',
      pkg_type: 'B',
      user_info: 'Windows 11; 1920×1080',
      pay: 'stripe',
      collect_time: '1763700000200',
    };
    expect(edgeBeaconSchema.safeParse(full).success).toBe(true);
  });

  it('produces what the collection host accepts', () => {
    expect(collectBatchSchema.safeParse({ events: [edgeBeaconSchema.parse(valid)] }).success).toBe(true);
  });

  it.each(['uuid', 'time_', 'action', 'business_index', 'cid', 'tid1', 'tid2'])('requires %s', (field) => {
    const input: Record<string, unknown> = { ...valid };
    delete input[field];
    expect(messageOf(input)).toBe(`${field} is required`);
  });

  it.each([
    ['uuid', 'short'],
    ['uuid', 'a'.repeat(65)],
    ['uuid', 'has space-in-it'],
    ['time_', '12'],
    ['time_', '1763700000000.5'],
    ['time_', 'now'],
    ['action', 'Download'],
    ['action', 'a'.repeat(33)],
    ['action', 'x<y'],
    ['tryno', '-1'],
    ['tryno', '21'],
    ['business_index', '8100'],
    ['cid', '82'],
    ['tid1', '016'],
    ['tid2', 'x'],
    ['from_', 'a b'],
    ['btn_id', '<img>'],
    ['page_id', '/a b'],
    ['collect_time', 'yesterday'],
  ])('refuses %s = %j', (field, value) => {
    expect(edgeBeaconSchema.safeParse({ ...valid, [field]: value }).success).toBe(false);
  });

  it('refuses oversized values with a "too long" message', () => {
    expect(messageOf({ ...valid, btn_id: 'b'.repeat(65) })).toBe('btn_id is too long');
    expect(messageOf({ ...valid, page_id: '/'.repeat(129) })).toBe('page_id is too long');
    expect(messageOf({ ...valid, user_info: 'u'.repeat(257) })).toBe('user_info is too long');
  });

  it('refuses markup and control characters in free text', () => {
    expect(messageOf({ ...valid, user_info: '<script>alert(1)</script>' })).toBe('user_info is invalid');
    expect(messageOf({ ...valid, user_info: 'a\nb' })).toBe('user_info is invalid');
  });

  it('refuses a tid pair the site never produces', () => {
    expect(messageOf({ ...valid, tid1: '16', tid2: '3' })).toBe('tid1 and tid2 are not a known pair');
    expect(messageOf({ ...valid, tid2: '11' })).toBeNull();
  });

  it('refuses unknown fields without echoing their names', () => {
    expect(messageOf({ ...valid, '<script>': '1' })).toBe('unknown field');
  });

  it('refuses values that are not strings or numbers', () => {
    expect(edgeBeaconSchema.safeParse({ ...valid, uuid: ['a'] }).success).toBe(false);
    expect(edgeBeaconSchema.safeParse({ ...valid, time_: { n: 1 } }).success).toBe(false);
  });
});
