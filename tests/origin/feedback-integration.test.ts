import { describe, expect, it } from 'vitest';
import { call, codeOf, common, db, getJson, uniqueEmail, type Json } from './helpers';

const ip = '198.51.100.50';

async function captcha(): Promise<{ body: Json; answer: string }> {
  const { body } = await call('/feedback/captcha', { common: common() }, { ip });
  const peek = await getJson(`/__test/captcha/${body.captcha_id}`);
  return { body, answer: peek.body.answer };
}

const hex32 = () => crypto.randomUUID().replaceAll('-', '');
/** A key as the site's upload route answers it: `<draft>/<id>.<ext>`. */
const uploadKey = (ext: string) => `${hex32()}/${hex32()}.${ext}`;

const ticket = (overrides: Json = {}) => ({
  ticket_type: 'recovery',
  problem_type: 'memory_card',
  version: '5.2.1',
  system_version: 'Windows 11 23H2',
  device_name: 'DESKTOP-1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  email: uniqueEmail('feedback'),
  order_number: 'MTSEEDPAID0000001',
  subject: 'Scan stops at 80%',
  remark: 'The quick scan stops on my SD card.',
  attachments: [uploadKey('png'), uploadKey('jpg')],
  ...overrides,
});

const submit = (captcha_id: string, answer: string, data: Json = ticket()) =>
  call('/feedback/add', { captcha_id, captcha: answer, data, common: common('fr-FR') }, { ip });

describe('/feedback/captcha', () => {
  it('issues an SVG image with an id and an expiry, never the answer', async () => {
    const { body, answer } = await captcha();
    expect(codeOf(body)).toBe(0);
    expect(body.captcha_id).toMatch(/^[0-9a-z]{24}$/);
    expect(body.expires_in).toBe(300);
    expect(body.expire_time).toBeGreaterThan(Date.now() / 1000);
    expect(body.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = atob(body.image.slice('data:image/svg+xml;base64,'.length));
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toContain('<text');
    expect(answer).toMatch(/^[0-9A-Z]{5}$/);
    expect(JSON.stringify(body)).not.toContain(answer);
    expect(svg).not.toContain(answer);
  });
});

describe('/feedback/add', () => {
  it('stores the ticket with the keys of its uploaded images when the captcha is right', async () => {
    const { body: c, answer } = await captcha();
    const data = ticket();
    const { body } = await submit(c.captcha_id, answer.toLowerCase(), data);
    expect(codeOf(body)).toBe(0);
    expect(body.ticket_id).toMatch(/^FB[0-9A-Z]{14}$/);
    const row = await db.prepare('SELECT * FROM feedback_tickets WHERE ticket_id = ?').bind(body.ticket_id).first<Json>();
    expect(row).toMatchObject({ app_id: 81, email: data.email, name: 'Ada Lovelace', lang: 'fr-FR', subject: data.subject, order_number: data.order_number });
    const files = await db.prepare('SELECT upload_key FROM feedback_uploads WHERE ticket_id = ? ORDER BY position').bind(body.ticket_id).all();
    expect(files.results.map((f) => f.upload_key)).toEqual(data.attachments);
  });

  it('refuses an image key already attached to another ticket', async () => {
    const shared = uploadKey('webp');
    const first = await captcha();
    expect(codeOf((await submit(first.body.captcha_id, first.answer, ticket({ attachments: [shared] }))).body)).toBe(0);
    const second = await captcha();
    const { body } = await submit(second.body.captcha_id, second.answer, ticket({ attachments: [uploadKey('gif'), shared] }));
    expect(codeOf(body)).toBe(4001001);
    expect(body.errors).toEqual([{ field: 'data.attachments.1', message: 'attachment is invalid' }]);
  });

  it('accepts a captcha only once', async () => {
    const { body: c, answer } = await captcha();
    expect(codeOf((await submit(c.captcha_id, answer)).body)).toBe(0);
    expect((await submit(c.captcha_id, answer)).body.resp_common).toEqual({ ret: 4590003, msg: 'The verification code is incorrect or has expired' });
  });

  it('burns the captcha on a wrong answer', async () => {
    const { body: c, answer } = await captcha();
    expect(codeOf((await submit(c.captcha_id, 'WRONG')).body)).toBe(4590003);
    expect(codeOf((await submit(c.captcha_id, answer)).body)).toBe(4590003);
  });

  it('refuses an expired captcha', async () => {
    const { body: c, answer } = await captcha();
    await db.prepare('UPDATE captchas SET expires_at = ? WHERE captcha_id = ?').bind(Math.floor(Date.now() / 1000) - 1, c.captcha_id).run();
    expect(codeOf((await submit(c.captcha_id, answer)).body)).toBe(4590003);
  });

  it('refuses an unknown captcha id', async () => {
    expect(codeOf((await submit('nosuchcaptcha', 'ABCDE')).body)).toBe(4590003);
  });

  it('does not spend the captcha on a body that fails validation', async () => {
    const { body: c, answer } = await captcha();
    const invalid = await submit(c.captcha_id, answer, ticket({ email: 'nope' }));
    expect(invalid.body.errors).toEqual([{ field: 'data.email', message: 'email is invalid' }]);
    expect(codeOf((await submit(c.captcha_id, answer)).body)).toBe(0);
  });

  it('answers the contract messages for missing fields', async () => {
    const { body } = await call('/feedback/add', { data: {}, common: common() }, { ip });
    const messages = body.errors.map((e: Json) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'verification code is required',
        'ticket type is required',
        'problem type is required',
        'First Name is required',
        'Last Name is required',
        'email is required',
        'subject is required',
        'name is required',
      ]),
    );
  });

  it('refuses blank names, too many attachments, attachments that are not upload keys and an oversized remark', async () => {
    const { body: c, answer } = await captcha();
    const cases: [Json, Json][] = [
      [{ first_name: '   ' }, { field: 'data.first_name', message: 'First Name is required' }],
      [{ name: ' ' }, { field: 'data.name', message: 'name is required' }],
      [{ attachments: Array.from({ length: 6 }, () => uploadKey('png')) }, { field: 'data.attachments', message: 'at most 5 attachments' }],
      [{ attachments: ['https://img.example.com/a.png'] }, { field: 'data.attachments.0', message: 'attachment is invalid' }],
      [{ attachments: ['../../etc/passwd'] }, { field: 'data.attachments.0', message: 'attachment is invalid' }],
      [{ remark: 'x'.repeat(5001) }, { field: 'data.remark', message: 'remark is too long' }],
      [{ ticket_type: 'rant' }, { field: 'data.ticket_type', message: 'ticket type is invalid' }],
    ];
    for (const [override, error] of cases) {
      const { body } = await submit(c.captcha_id, answer, ticket(override));
      expect(body.errors).toEqual([error]);
    }
  });
});
