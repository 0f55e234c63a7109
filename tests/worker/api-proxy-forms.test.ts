import { exports, env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/domain/locales';
import { UA, ORIGIN, attributeValues, decodeHtml, get, message } from './helpers';

// The three email forms end to end through the Worker's real fetch and the reference origin:
// what each call answers, what the origin recorded (its mail outbox), the edge rate limit, and
// the form pages themselves.

let ipCounter = 0;
const freshIp = () => `100.64.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const newEmail = (label: string) => `${label}-${crypto.randomUUID()}@example.com`;

async function call<T = Record<string, unknown>>(path: string, body: unknown, { locale = 'en-US', ip = freshIp() } = {}) {
  const res = await exports.default.fetch(
    new Request(`${ORIGIN}/api${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'x-site-locale': locale, 'cf-connecting-ip': ip },
    }),
  );
  return { res, body: (await res.json()) as T & { resp_common: { ret: number; msg: string } } };
}

interface OutboxMail {
  kind: string;
  to_email: string;
  lang: string;
  body: string;
}

async function outbox(email: string): Promise<OutboxMail[]> {
  const res = await env.ORIGIN!.fetch(`https://origin.internal/__test/outbox?email=${encodeURIComponent(email)}`);
  return ((await res.json()) as { mails: OutboxMail[] }).mails;
}

// The origin seeds its (per-file) D1 on its first request: do that outside any proxied call's deadline.
beforeAll(async () => {
  await env.ORIGIN!.fetch('https://origin.internal/health');
});

describe('retrieve licence code', () => {
  it('mails the licence codes of a paid email, in the language of the page', async () => {
    const { res, body } = await call('/pay/send_cdkey_order_mail', { email: 'paid@example.com' }, { locale: 'ja-JP' });
    expect(res.status).toBe(200);
    expect(body.resp_common.ret).toBe(0);
    const [latest] = await outbox('paid@example.com');
    expect(latest?.kind).toBe('licence_codes');
    expect(latest?.lang).toBe('ja-JP');
    expect(latest?.body).toContain('MTDR-SEED0-PA1D0-00000-00001');
  });

  it('answers 4590001 for an email without a paid order', async () => {
    const { res, body } = await call('/pay/send_cdkey_order_mail', { email: newEmail('unregistered') });
    expect(res.status).toBe(200);
    expect(body.resp_common).toEqual({ ret: 4590001, msg: 'This email has not been registered' });
  });

  it.each([
    ['', 'email is required'],
    ['paid-at-example.com', 'email is invalid'],
  ])('refuses the email %j with the contract message, before the upstream', async (email, spec) => {
    const { res, body } = await call<{ errors: unknown }>('/pay/send_cdkey_order_mail', { email }, { locale: 'zh-CN' });
    expect(res.status).toBe(400);
    expect(body.errors).toEqual([{ field: 'email', message: spec }]);
    expect(body.resp_common.msg).toBe(message('zh-CN', spec === 'email is required' ? 'ui.forms.errors.emailRequired' : 'ui.forms.errors.emailInvalid'));
  });
});

describe('retrieve trial code', () => {
  it('issues a trial code to a new email and mails it', async () => {
    const email = newEmail('trial');
    const { body } = await call<{ cd_key: string; activity_id: number }>('/activity/receive', { email, activity_id: 1 }, { locale: 'fr-FR' });
    expect(body.resp_common.ret).toBe(0);
    expect(body.cd_key).toMatch(/^MTTR(-[0-9A-Z]{5}){4}$/);
    const [mail] = await outbox(email);
    expect(mail?.kind).toBe('trial_code');
    expect(mail?.lang).toBe('fr-FR');
  });

  it.each([
    ['claimed@example.com', 1, undefined, 4570002],
    ['paid@example.com', 1, undefined, 4570003],
    [null, 2, undefined, 4570004],
    ['installed@example.com', 1, undefined, 4570005],
    [null, 1, 'INSTALLED-DEVICE-0001', 4570005],
  ])('passes %s / activity %d / device %s through as a %d body', async (email, activity, device, code) => {
    const { res, body } = await call('/activity/receive', { email: email ?? newEmail('reason'), activity_id: activity, ...(device ? { device_id: device } : {}) });
    expect(res.status).toBe(200);
    expect(body.resp_common.ret).toBe(code);
    expect(body).toHaveProperty('activity_id', activity);
  });
});

describe('do not sell my info', () => {
  it('records a new request', async () => {
    const { body } = await call<{ request_id: string }>('/privacy_control/add', { first_name: 'Ada', last_name: 'Lovelace', email: newEmail('optout') });
    expect(body.resp_common.ret).toBe(0);
    expect(body.request_id).toMatch(/\S/);
  });

  it('answers 4590002 with the product message for a repeat email', async () => {
    const { body } = await call('/privacy_control/add', { first_name: 'Opt', last_name: 'Out', email: 'OptOut@Example.com' });
    expect(body.resp_common).toEqual({ ret: 4590002, msg: 'The email address already exists. Please do not add it again.' });
  });
});

describe('the edge rate limit on form submits', () => {
  // FORM_RATE_LIMITER allows 10 submits a minute, in windows aligned to the clock: a window may
  // roll over during the test, so the first refusal comes after 10 to 20 accepted submits.
  it('accepts 10 submits of a visitor, then refuses with 429 and the localized 6919992 envelope', async () => {
    const ip = freshIp();
    let accepted = 0;
    let refused: Awaited<ReturnType<typeof call>> | null = null;
    for (let i = 0; i < 21 && !refused; i++) {
      const answer = await call('/pay/send_cdkey_order_mail', { email: 'paid@example.com' }, { ip, locale: 'fr-FR' });
      if (answer.res.status === 429) refused = answer;
      else {
        expect(answer.res.status).toBe(200);
        accepted++;
      }
    }
    expect(refused).not.toBeNull();
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(accepted).toBeLessThanOrEqual(20);
    expect(refused!.res.headers.get('retry-after')).toBe('60');
    expect(refused!.body).toEqual({ resp_common: { ret: 6919992, msg: message('fr-FR', 'ui.api.6919992') } });
  });

  it('counts each visitor and each form path separately', async () => {
    const ip = freshIp();
    for (let i = 0; i < 11; i++) await call('/pay/send_cdkey_order_mail', { email: 'paid@example.com' }, { ip });
    const otherPath = await call('/privacy_control/add', { first_name: 'A', last_name: 'B', email: newEmail('other-path') }, { ip });
    expect(otherPath.res.status).toBe(200);
    const otherVisitor = await call('/pay/send_cdkey_order_mail', { email: 'paid@example.com' });
    expect(otherVisitor.res.status).toBe(200);
  });

  it('does not limit calls that are not form submits', async () => {
    const ip = freshIp();
    for (let i = 0; i < 12; i++) {
      const { res } = await call('/feedback/captcha', {}, { ip });
      expect(res.status).toBe(200);
    }
  });
});

/** The island props the server serialized for `name`. */
function islandProps(html: string, name: string): Record<string, unknown> {
  const marker = new RegExp(`data-island="${name}" data-props="([^"]*)"`).exec(html);
  if (!marker) throw new Error(`no ${name} island`);
  return JSON.parse(decodeHtml(marker[1]!)) as Record<string, unknown>;
}

/** The page's <main>: what it shows, without the messages shipped to the islands. */
function mainOf(html: string): string {
  return /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
}

describe('the form pages', () => {
  it.each([
    ['/license-code', 'LicenseCodeForm', 'license-code-form', UA.desktop],
    ['/fr-FR/license-code', 'LicenseCodeForm', 'license-code-form', UA.desktop],
    ['/ja-JP/mobile/license-code', 'LicenseCodeForm', 'license-code-form', UA.iphone],
    ['/trial-code', 'TrialCodeForm', 'trial-code-form', UA.desktop],
    ['/zh-CN/mobile/trial-code', 'TrialCodeForm', 'trial-code-form', UA.android],
    ['/do-not-sell-my-info', 'DoNotSellForm', 'do-not-sell-form', UA.desktop],
    ['/fr-FR/do-not-sell-my-info', 'DoNotSellForm', 'do-not-sell-form', UA.desktop],
  ])('%s renders a real POST form to itself, its submit disabled until hydrated', async (path, island, formId, ua) => {
    const res = await get(path, { ua });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(islandProps(html, island)['action']).toBe(path);
    const form = new RegExp(`<form[^>]*id="${formId}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="${path}"`);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    // Every input has a label.
    for (const id of attributeValues(html, 'input', 'id')) expect(html).toContain(`for="${id}"`);
  });

  it.each([...LOCALES])('renders the licence form in %s', async (locale) => {
    const prefix = locale === 'en-US' ? '' : `/${locale}`;
    const main = decodeHtml(mainOf(await (await get(`${prefix}/license-code`)).text()));
    expect(main).toContain(message(locale, 'ui.licenseCode.submit'));
    expect(main).toContain(message(locale, 'ui.forms.email'));
    expect(main).toContain(message(locale, 'pages.license-code.help.heading'));
  });

  it.each(['/license-code', '/ja-JP/trial-code', '/mobile/trial-code', '/fr-FR/do-not-sell-my-info'])(
    'answers a POST to %s (a submit without JavaScript) with 303 back to the form, sending nothing on',
    async (path) => {
      const res = await exports.default.fetch(
        new Request(`${ORIGIN}${path}?from=ad`, { method: 'POST', body: 'email=paid%40example.com', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' }),
      );
      expect(res.status).toBe(303);
      const anchor = path.includes('license') ? 'license-code-form' : path.includes('trial') ? 'trial-code-form' : 'do-not-sell-form';
      expect(res.headers.get('location')).toBe(`${path}?from=ad#${anchor}`);
    },
  );

  it('takes the trial activity and device id from the query, and drops malformed ones', async () => {
    const good = await (await get('/trial-code?activity_id=2&device_id=ABC-123_x.y')).text();
    expect(islandProps(good, 'TrialCodeForm')).toMatchObject({ activityId: 2, deviceId: 'ABC-123_x.y' });
    const bad = await (await get(`/trial-code?activity_id=-1&device_id=${encodeURIComponent('<script>alert(1)</script>')}`)).text();
    expect(islandProps(bad, 'TrialCodeForm')).toMatchObject({ activityId: 1, deviceId: null });
    expect(bad).not.toContain('<script>alert(1)');
  });

  it('tells a browser that sends Sec-GPC: 1 that the signal is honoured', async () => {
    const res = await get('/do-not-sell-my-info', { headers: { 'sec-gpc': '1' } });
    expect(res.headers.get('vary')).toMatch(/Sec-GPC/i);
    const html = await res.text();
    expect(islandProps(html, 'DoNotSellForm')['gpc']).toBe(true);
    expect(decodeHtml(mainOf(html))).toContain(message('en-US', 'ui.doNotSell.gpcTitle'));
  });

  it('says nothing about GPC to a browser that does not send it', async () => {
    const html = await (await get('/fr-FR/do-not-sell-my-info')).text();
    expect(islandProps(html, 'DoNotSellForm')['gpc']).toBe(false);
    expect(decodeHtml(mainOf(html))).not.toContain(message('fr-FR', 'ui.doNotSell.gpcTitle'));
  });

  it.each([...LOCALES])('the %s query-steps page links to the licence and trial forms of its locale', async (locale) => {
    const prefix = locale === 'en-US' ? '' : `/${locale}`;
    const hrefs = attributeValues(await (await get(`${prefix}/query-steps`)).text(), 'a', 'href');
    expect(hrefs).toContain(`${prefix}/license-code`);
    expect(hrefs).toContain(`${prefix}/trial-code`);
  });
});
