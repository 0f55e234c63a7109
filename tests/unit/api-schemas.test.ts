import { describe, expect, it } from 'vitest';
import {
  API_PATHS,
  API_REQUEST_SCHEMAS,
  beaconEventSchema,
  collectBatchSchema,
  MAX_COLLECT_BATCH,
  createOrderRequestSchema,
  emailSchema,
  envelopeStyle,
  feedbackAddRequestSchema,
  isApiPath,
  listGroupRequestSchema,
  PAY_TYPES,
  readEnvelope,
  testPaymentConfirmRequestSchema,
} from '../../src/domain/api-schemas';
import { orderQueryPath } from '../../src/domain/api-handlers';

const common = { app_id: 81, lang: 'en-US' };
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the call table', () => {
  it('allows exactly the fifteen upstream paths', () => {
    expect(API_PATHS).toHaveLength(15);
    expect(API_PATHS).toContain('/pay/withdrawal_request');
    expect(API_PATHS).toContain('/feedback/captcha');
    expect(API_PATHS).toContain('/mingtingvip/payv2/paypal/order/query');
    expect(API_PATHS.every((p) => p.startsWith('/'))).toBe(true);
    expect(isApiPath('/pay/get_cd_key')).toBe(true);
    expect(isApiPath('/pay/get_cd_key/')).toBe(false);
    expect(isApiPath('constructor')).toBe(false);
  });

  it('requires the common block with app_id 81 on every call', () => {
    for (const path of API_PATHS) {
      const parsed = API_REQUEST_SCHEMAS[path].safeParse({});
      expect(parsed.success, path).toBe(false);
      expect(parsed.error?.issues.some((i) => i.path[0] === 'common')).toBe(true);
    }
    expect(API_REQUEST_SCHEMAS['/feedback/captcha'].safeParse({ common: { app_id: 81 } }).success).toBe(true);
    expect(API_REQUEST_SCHEMAS['/feedback/captcha'].safeParse({ common: { app_id: 80 } }).success).toBe(false);
  });

  it('chooses the order query path by payment type', () => {
    expect(orderQueryPath(PAY_TYPES.stripe)).toBe('/mingtingvip/payv2/stripe/order/query');
    expect(orderQueryPath(PAY_TYPES.paypal)).toBe('/mingtingvip/payv2/paypal/order/query');
  });
});

describe('field rules', () => {
  it('trims and lower-cases emails, and uses the contract messages', () => {
    expect(emailSchema.parse('  Paid@Example.COM ')).toBe('paid@example.com');
    expect(firstMessage(emailSchema.safeParse(undefined))).toBe('email is required');
    expect(firstMessage(emailSchema.safeParse(''))).toBe('email is required');
    expect(firstMessage(emailSchema.safeParse('a@b'))).toBe('email is invalid');
    expect(firstMessage(emailSchema.safeParse(`${'a'.repeat(250)}@x.com`))).toBe('email is too long');
  });

  it('defaults list_group to table A and upper-cases the currency', () => {
    expect(listGroupRequestSchema.parse({ currency: 'jpy', common })).toMatchObject({ currency: 'JPY', code_table: 'A' });
    expect(listGroupRequestSchema.safeParse({ currency: 'USD', code_table: 'B', product_ids: [], common }).success).toBe(false);
  });

  it('needs common.lang on the order creation calls', () => {
    const parsed = createOrderRequestSchema.safeParse({ product_id: 81901, currency: 'USD', email: 'a@example.com', common: { app_id: 81 } });
    expect(firstMessage(parsed)).toBe('lang is required');
  });

  it('treats blank optional feedback fields as absent', () => {
    const parsed = feedbackAddRequestSchema.parse({
      captcha_id: 'abc',
      captcha: 'XYZ12',
      data: {
        ticket_type: 'other',
        problem_type: 'other',
        first_name: 'A',
        last_name: 'B',
        name: 'A B',
        email: 'a@example.com',
        subject: 'Hi',
        remark: '   ',
        version: '',
      },
      common,
    });
    expect(parsed.data.remark).toBeUndefined();
    expect(parsed.data.version).toBeUndefined();
  });

  it('strips spaces and dashes from test card numbers', () => {
    const parsed = testPaymentConfirmRequestSchema.parse({ order_id: 'MTORDER01', client_secret: 's', card_number: '4242 4242-4242 4242' });
    expect(parsed.card_number).toBe('4242424242424242');
  });
});

describe('beacon events', () => {
  it('keeps report fields as text and time fields as numbers', () => {
    const event = beaconEventSchema.parse({ uuid: 'u1', time_: '1767225600000', action: 'download', business_index: 8109, tid1: 16 });
    expect(event).toMatchObject({ time_: 1767225600000, tryno: 0, business_index: '8109', tid1: '16' });
  });

  it('bounds a batch to 1..500 events', () => {
    const event = { uuid: 'u', time_: 1, action: 'a' };
    expect(MAX_COLLECT_BATCH).toBe(500);
    expect(collectBatchSchema.safeParse({ events: [] }).success).toBe(false);
    expect(collectBatchSchema.safeParse({ events: Array.from({ length: 500 }, () => event) }).success).toBe(true);
    expect(collectBatchSchema.safeParse({ events: Array.from({ length: 501 }, () => event) }).success).toBe(false);
  });

  it('takes the edge facts all together or not at all', () => {
    const event = { uuid: 'u', time_: 1, action: 'a' };
    const facts = { received_at: 1, client_id: 'a'.repeat(32), country: null, colo: 'NRT', is_bot: false };
    expect(collectBatchSchema.safeParse({ events: [event, { ...event, ...facts }] }).success).toBe(true);
    for (const key of Object.keys(facts)) {
      const partial: Record<string, unknown> = { ...event, ...facts };
      delete partial[key];
      expect(collectBatchSchema.safeParse({ events: [partial] }).success, key).toBe(false);
    }
  });
});

describe('envelopes', () => {
  it('uses the result envelope for the /mingtingvip/payv2/ calls only', () => {
    const result = API_PATHS.filter((p) => envelopeStyle(p) === 'result');
    expect(result.sort()).toEqual([
      '/mingtingvip/payv2/paypal/create_cdkey_order',
      '/mingtingvip/payv2/paypal/order/query',
      '/mingtingvip/payv2/stripe/order/query',
    ]);
  });

  it('reads the code and message of either envelope', () => {
    expect(readEnvelope({ resp_common: { ret: 0, msg: 'success' }, short_code: 'X' })).toEqual({ code: 0, msg: 'success' });
    expect(readEnvelope({ result: { status: 4590004, msg: 'Order not found' } })).toEqual({ code: 4590004, msg: 'Order not found' });
    expect(readEnvelope({ ret: 0 })).toBeNull();
    expect(readEnvelope('oops')).toBeNull();
  });
});
