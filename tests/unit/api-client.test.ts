import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';

// api.ts's default client reads the islands' translator; its loader imports Vite-only virtual
// modules, so it is replaced here. Every test builds its own client with createApiClient anyway.
vi.mock('../../client/lib/locale-loader', () => ({ i18nStore: { get: () => ({ i18n: null }) } }));

import {
  ApiError,
  activityRefusalCode,
  createApiClient,
  localizedMessageFor,
  readEnvelopeHead,
  rememberHostKey,
  HOST_STORAGE_KEY,
  type ApiTransport,
} from '../../client/lib/api';
import { EDGE_ERRORS, parseHostKey } from '../../src/domain/api-handlers';
import { createTranslator, type Messages } from '../../src/i18n/translator';
import { readEnvelope } from '../../src/domain/api-schemas';
import { API_ERRORS, PASS_THROUGH_CODES } from '../../src/domain/api-errors';
import { LOCALES, type Locale } from '../../src/domain/locales';
import { LOCALE_MESSAGES } from '../locale-messages';

const FILES: Record<Locale, Messages> = LOCALE_MESSAGES;
const translator = (locale: Locale) => createTranslator(locale, FILES[locale]).t;

/** The catalogue the site shows (the product's request-level and too-frequent codes, plus the edge's own faults). */
const SPEC_CODES = [4001001, 4001002, 4001003, 4001004, 4001005, 4001006, 6919992, 6919993];
const EDGE_CODES = Object.values(EDGE_ERRORS).map((e) => e.code);

interface Recorded {
  url: string;
  init: RequestInit;
}

function client({ answer, locale = 'en-US', hostKey = null }: { answer: (url: string) => Promise<Response>; locale?: Locale; hostKey?: 'sv' | 'jb' | null }) {
  const calls: Recorded[] = [];
  let tracked = 0;
  const transport: ApiTransport = {
    fetch: (url, init) => {
      calls.push({ url, init });
      return answer(url);
    },
    locale: () => locale,
    hostKey: () => hostKey,
    translate: () => translator(locale),
    track: async (work) => {
      tracked++;
      return work();
    },
  };
  return { api: createApiClient(transport), calls, tracked: () => tracked };
}

const json = (body: unknown, status = 200) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The rejection of `promise`, or a failure when it resolves. */
async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to reject');
}

describe('the error catalogue (ui.api)', () => {
  it.each([...LOCALES])('has a message for every catalogue and edge code in %s', (locale) => {
    const t = translator(locale);
    for (const code of [...SPEC_CODES, ...PASS_THROUGH_CODES, ...EDGE_CODES, 'unknown']) {
      const key = `ui.api.${code}`;
      expect(t(key), `${locale} ${key}`).not.toBe(key);
    }
  });

  it.each(LOCALES.filter((l) => l !== 'en-US'))('translates every catalogue message in %s', (locale) => {
    const en = translator('en-US');
    const own = translator(locale);
    for (const code of [...SPEC_CODES, ...EDGE_CODES]) expect(own(`ui.api.${code}`), `${locale} ${code}`).not.toBe(en(`ui.api.${code}`));
  });

  it('keeps the product wording of the unregistered and repeat-email messages in English', () => {
    const t = translator('en-US');
    expect(t('ui.api.4590001')).toBe(API_ERRORS.EMAIL_NOT_REGISTERED.message);
    expect(t('ui.api.4590002')).toBe(API_ERRORS.EMAIL_ALREADY_EXISTS.message);
  });

  it("shows a catalogued code in the page's language rather than the server's words", () => {
    expect(localizedMessageFor(6919992, 'Operation too frequent, please try again later', translator('ja-JP'))).toBe(translator('ja-JP')('ui.api.6919992'));
  });

  it("shows an uncatalogued code with the server's message", () => {
    expect(localizedMessageFor(4999999, 'Something specific happened', translator('fr-FR'))).toBe('Something specific happened');
  });

  it("shows an uncatalogued code without a message as the localized 'unknown error'", () => {
    expect(localizedMessageFor(4999999, '  ', translator('zh-CN'))).toBe(translator('zh-CN')('ui.api.unknown'));
  });

  it("falls back to 'unknown error' when no translator is loaded yet", () => {
    expect(localizedMessageFor(4999999, '', null)).toBe('unknown error');
  });
});

describe('readEnvelopeHead', () => {
  it('reads both envelopes', () => {
    expect(readEnvelopeHead({ resp_common: { ret: 0, msg: 'success' }, x: 1 })).toEqual({ code: 0, msg: 'success' });
    expect(readEnvelopeHead({ result: { status: 4590004, msg: 'Order not found' } })).toEqual({ code: 4590004, msg: 'Order not found' });
  });

  it.each([null, 'x', [], {}, { resp_common: { ret: '0', msg: 'ok' } }, { resp_common: { ret: 1.5, msg: 'ok' } }, { result: { status: 0 } }])(
    'reads %j as no envelope',
    (body) => {
      expect(readEnvelopeHead(body)).toBeNull();
    },
  );

  it('agrees with the zod readEnvelope of api-schemas on any input', () => {
    const head = fc.record({ ret: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)), msg: fc.oneof(fc.string(), fc.integer()) }, { requiredKeys: [] });
    const resultHead = fc.record({ status: fc.oneof(fc.integer(), fc.double(), fc.string()), msg: fc.oneof(fc.string(), fc.boolean()) }, { requiredKeys: [] });
    const body = fc.oneof(fc.record({ resp_common: fc.oneof(head, fc.anything()), result: fc.oneof(resultHead, fc.anything()) }, { requiredKeys: [] }), fc.anything());
    fc.assert(
      fc.property(body, (value) => {
        expect(readEnvelopeHead(value)).toEqual(readEnvelope(value));
      }),
      { numRuns: 500 },
    );
  });
});

describe('the API client', () => {
  it('POSTs JSON to the proxy with the page locale, and no common block', async () => {
    const { api, calls } = client({ answer: json({ resp_common: { ret: 0, msg: 'success' } }), locale: 'ja-JP' });
    await api.sendLicenceCodeMail({ email: 'paid@example.com' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/pay/send_cdkey_order_mail');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.headers).toMatchObject({ 'Content-Type': 'application/json', 'X-Site-Locale': 'ja-JP' });
    expect(calls[0]!.init.headers).not.toHaveProperty('X-Upstream-Host');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ email: 'paid@example.com' });
  });

  it('sends the remembered host key', async () => {
    const { api, calls } = client({ answer: json({ resp_common: { ret: 0, msg: 'success' } }), hostKey: 'jb' });
    await api.getCaptcha();
    expect(calls[0]!.init.headers).toMatchObject({ 'X-Upstream-Host': 'jb' });
  });

  it('resolves with the whole body on code 0, in either envelope', async () => {
    const plans = { resp_common: { ret: 0, msg: 'success' }, currency: 'USD', code_table: 'A', list: [] };
    expect(await client({ answer: json(plans) }).api.listPlans({ currency: 'USD' })).toEqual(plans);
    const order = { result: { status: 0, msg: 'success' }, order_id: 'MT1', pay_status: 'paid' };
    expect(await client({ answer: json(order) }).api.queryOrder(2, { order_id: 'MT1234567' })).toEqual(order);
  });

  it('chooses the order query path by payment type', async () => {
    const { api, calls } = client({ answer: json({ result: { status: 0, msg: 'success' } }) });
    await api.queryOrder(1, { order_id: 'MT1234567' });
    await api.queryOrder(2, { order_id: 'MT1234567' });
    expect(calls.map((c) => c.url)).toEqual(['/api/mingtingvip/payv2/stripe/order/query', '/api/mingtingvip/payv2/paypal/order/query']);
  });

  it.each([...PASS_THROUGH_CODES])('resolves with the body for the pass-through code %d', async (code) => {
    const body = { resp_common: { ret: code, msg: 'reason' }, activity_id: 1 };
    const answer = await client({ answer: json(body) }).api.claimTrialCode({ activity_id: 1, email: 'a@example.com' });
    expect(answer).toEqual(body);
    expect(activityRefusalCode(answer)).toBe(code);
  });

  it('reads no refusal in an issued trial code', () => {
    expect(activityRefusalCode({ resp_common: { ret: 0, msg: 'success' }, activity_id: 1, email: 'a@example.com', cd_key: 'MTTR-1' })).toBeNull();
  });

  it.each(SPEC_CODES)('rejects code %d with the code, the server message, the localized message and the body', async (code) => {
    const body = { resp_common: { ret: code, msg: `server says ${code}` } };
    const error = await rejection(client({ answer: json(body), locale: 'fr-FR' }).api.sendLicenceCodeMail({ email: 'a@example.com' }));
    expect(error.code).toBe(code);
    expect(error.message).toBe(`server says ${code}`);
    expect(error.localizedMessage).toBe(translator('fr-FR')(`ui.api.${code}`));
    expect(error.body).toEqual(body);
  });

  it("rejects an unknown code without a message as 'unknown error'", async () => {
    const error = await rejection(client({ answer: json({ resp_common: { ret: 4999999, msg: '' } }) }).api.getCaptcha());
    expect(error.message).toBe('unknown error');
    expect(error.localizedMessage).toBe(translator('en-US')('ui.api.unknown'));
  });

  it('rejects the result envelope the same way', async () => {
    const error = await rejection(client({ answer: json({ result: { status: 4590004, msg: 'Order not found' } }) }).api.queryOrder(1, { order_id: 'MT1234567' }));
    expect(error.code).toBe(4590004);
    expect(error.message).toBe('Order not found');
  });

  it('carries the field errors of a 400 answer', async () => {
    const body = { resp_common: { ret: 4001001, msg: 'email is invalid' }, errors: [{ field: 'email', message: 'email is invalid' }] };
    const error = await rejection(client({ answer: json(body, 400) }).api.sendLicenceCodeMail({ email: 'x' }));
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual([{ field: 'email', message: 'email is invalid' }]);
  });

  it.each([
    ['the network fails', async () => Promise.reject(new TypeError('Failed to fetch')), EDGE_ERRORS.NETWORK_FAILURE.code],
    ['the browser gives up waiting', async () => Promise.reject(new DOMException('timed out', 'TimeoutError')), EDGE_ERRORS.UPSTREAM_TIMEOUT.code],
    ['the proxy answers the timeout envelope', json({ resp_common: { ret: 5900002, msg: 'x' } }, 504), EDGE_ERRORS.UPSTREAM_TIMEOUT.code],
    ['the proxy answers the upstream-down envelope', json({ resp_common: { ret: 5900004, msg: 'x' } }, 502), EDGE_ERRORS.UPSTREAM_FAILED.code],
    ['something answers 500 in HTML', async () => new Response('<h1>Internal Server Error</h1>', { status: 500 }), EDGE_ERRORS.UPSTREAM_FAILED.code],
    ['something answers 504 in HTML', async () => new Response('<h1>Gateway Timeout</h1>', { status: 504 }), EDGE_ERRORS.UPSTREAM_TIMEOUT.code],
    ['the answer is 200 but not an envelope', json({ hello: 'world' }), EDGE_ERRORS.UPSTREAM_BAD_ANSWER.code],
  ] as const)('rejects with a localized, retryable error when %s', async (_name, answer, code) => {
    const error = await rejection(client({ answer, locale: 'zh-CN' }).api.addPrivacyRequest({ first_name: 'A', last_name: 'B', email: 'a@example.com' }));
    expect(error.code).toBe(code);
    expect(error.transient).toBe(true);
    expect(error.localizedMessage).toBe(translator('zh-CN')(`ui.api.${code}`));
  });

  it('does not call a business refusal transient', async () => {
    const error = await rejection(client({ answer: json({ resp_common: { ret: 4590001, msg: 'This email has not been registered' } }) }).api.sendLicenceCodeMail({ email: 'a@example.com' }));
    expect(error.transient).toBe(false);
  });

  it('runs every call, successful or not, through trackPending', async () => {
    let n = 0;
    const { api, tracked } = client({ answer: async () => (n++ % 2 ? new Response('x', { status: 502 }) : Response.json({ resp_common: { ret: 0, msg: 'success' } })) });
    await api.getCaptcha();
    await api.getCaptcha().catch(() => {});
    await api.confirmTestPayment({ order_id: 'MT1234567', client_secret: 's', card_number: '4242424242424242' });
    expect(tracked()).toBe(3);
  });
});

describe('the remembered host key', () => {
  function memoryStorage(initial: Record<string, string> = {}) {
    const data = new Map(Object.entries(initial));
    return {
      data,
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    };
  }

  it.each(['sv', 'jb'] as const)('stores ?host=%s and uses it', (key) => {
    const storage = memoryStorage();
    expect(rememberHostKey(`?host=${key}`, storage)).toBe(key);
    expect(storage.data.get(HOST_STORAGE_KEY)).toBe(key);
  });

  it('keeps using the stored key on pages without ?host=', () => {
    expect(rememberHostKey('?from=ad', memoryStorage({ [HOST_STORAGE_KEY]: 'jb' }))).toBe('jb');
  });

  it.each(['release', 'https://evil.example', 'SV', ''])('forgets the stored key for ?host=%s', (value) => {
    const storage = memoryStorage({ [HOST_STORAGE_KEY]: 'sv' });
    expect(rememberHostKey(`?host=${encodeURIComponent(value)}`, storage)).toBeNull();
    expect(storage.data.has(HOST_STORAGE_KEY)).toBe(false);
  });

  it('ignores a stored value that is not a key', () => {
    expect(rememberHostKey('', memoryStorage({ [HOST_STORAGE_KEY]: 'https://evil.example' }))).toBeNull();
  });

  it("still uses the page's key when storage is refused", () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(rememberHostKey('?host=sv', refusing)).toBe('sv');
    expect(rememberHostKey('', refusing)).toBeNull();
  });

  it('accepts exactly sv and jb as keys', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(parseHostKey(value)).toBe(value === 'sv' || value === 'jb' ? value : null);
      }),
    );
  });
});
