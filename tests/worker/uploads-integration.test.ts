import { env, exports } from 'cloudflare:workers';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import { ORIGIN, message } from './helpers';
import { EXE, IMAGES, MIME, SVG, pngOfSize } from '../fixtures/images';
import { ATTACHED_PREFIX, MAX_UPLOAD_BYTES, PENDING_PREFIX, PENDING_UPLOAD_TTL_MS, randomHex32 } from '../../src/domain/uploads';
import { cleanupPendingUploads } from '../../src/services/uploads';

// POST /api/upload through the Worker's real fetch into the local UPLOADS bucket, and tickets
// carrying the keys through the proxy to the reference origin.

let ipCounter = 1;
const freshIp = () => `100.80.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const KEY = /^[0-9a-f]{32}\/[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

interface Answer {
  resp_common: { ret: number; msg: string };
  key?: string;
  reason?: string;
  type?: string;
  size?: number;
}

async function upload(body: BodyInit | null, { draft = randomHex32(), type = 'image/png', ip = freshIp(), locale = 'en-US', headers = {} as Record<string, string> } = {}) {
  const res = await exports.default.fetch(
    new Request(`${ORIGIN}/api/upload?draft=${draft}`, {
      method: 'POST',
      body,
      headers: { ...(type ? { 'content-type': type } : {}), 'x-site-locale': locale, 'cf-connecting-ip': ip, ...headers },
    }),
  );
  return { res, body: (await res.json()) as Answer };
}

function multipart(file: Uint8Array<ArrayBuffer>, name: string, type: string, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new File([file], name, { type }));
  return form;
}

describe('POST /api/upload', () => {
  it.each(Object.keys(IMAGES) as (keyof typeof IMAGES)[])('stores a %s under a random pending key and answers the key', async (ext) => {
    const { res, body } = await upload(IMAGES[ext], { type: MIME[ext] });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(body).toMatchObject({ resp_common: { ret: 0, msg: 'success' }, type: MIME[ext], size: IMAGES[ext].byteLength });
    expect(body.key).toMatch(KEY);
    expect(body.key!.endsWith(`.${ext}`)).toBe(true);
    const stored = await env.UPLOADS.get(`${PENDING_PREFIX}${body.key}`);
    expect(stored?.httpMetadata?.contentType).toBe(MIME[ext]);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(IMAGES[ext]);
  });

  it('takes a multipart form with the image in `file`, typed by its bytes, not its name', async () => {
    const { res, body } = await upload(multipart(IMAGES.webp, 'photo.png', 'image/png'), { type: '' });
    expect(res.status).toBe(201);
    expect(body.key).toMatch(/\.webp$/);
  });

  it('refuses an executable renamed .png, an SVG and a text body with 415 and the localized reason', async () => {
    const exe = await upload(EXE, { type: 'image/png', locale: 'fr-FR' });
    expect(exe.res.status).toBe(415);
    expect(exe.body).toEqual({ resp_common: { ret: 4001001, msg: message('fr-FR', 'feedback.upload.reasons.wrongType') }, reason: 'wrong_type' });
    expect((await upload(multipart(EXE, 'setup.png', 'image/png'), { type: '' })).res.status).toBe(415);
    expect((await upload(SVG, { type: 'image/svg+xml' })).res.status).toBe(415);
    expect((await upload('hello', { type: 'text/plain' })).res.status).toBe(415);
  });

  it('refuses more than 5 MB with 413, declared or streamed, raw or multipart', async () => {
    const big = pngOfSize(MAX_UPLOAD_BYTES + 1);
    const declared = await upload(big, { type: 'image/png' });
    expect(declared.res.status).toBe(413);
    expect(declared.body).toEqual({ resp_common: { ret: 4001001, msg: message('en-US', 'feedback.upload.reasons.tooBig', { size: '5' }) }, reason: 'too_big' });
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < big.byteLength; offset += 1 << 20) controller.enqueue(big.slice(offset, offset + (1 << 20)));
        controller.close();
      },
    });
    expect((await upload(streamed, { type: 'image/png' })).res.status).toBe(413);
    expect((await upload(multipart(big, 'big.png', 'image/png'), { type: '' })).res.status).toBe(413);
    // Exactly the limit is fine.
    expect((await upload(pngOfSize(MAX_UPLOAD_BYTES), { type: 'image/png' })).res.status).toBe(201);
  });

  it.each([
    ['declared too big', MAX_UPLOAD_BYTES + 1, {}],
    ['streamed past the cap, with no length declared', 6 * 1024 * 1024, { noLength: true }],
    ['6 MB, as a phone photo might be', 6 * 1024 * 1024, {}],
    ['sent cross-site', 3 * 1024 * 1024, { headers: { 'sec-fetch-site': 'cross-site' } }],
    ['for a bad draft', 3 * 1024 * 1024, { draft: 'nope' }],
  ] as const)('reads the whole body before refusing one %s, so a client still sending can read the answer', async (_case, size, opts: { noLength?: boolean; draft?: string; headers?: Record<string, string> }) => {
    // A body the Worker must pull: an answer sent while the client is still sending is lost to a
    // connection reset, so the refusal may only come once the rest has been read.
    const big = pngOfSize(size);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= big.byteLength) return controller.close();
        const chunk = big.slice(sent, sent + 256 * 1024);
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const headers: Record<string, string> = { 'content-type': 'image/png', 'x-site-locale': 'fr-FR', 'cf-connecting-ip': freshIp(), ...(opts.noLength ? {} : { 'content-length': String(big.byteLength) }), ...opts.headers };
    const res = await exports.default.fetch(new Request(`${ORIGIN}/api/upload?draft=${opts.draft ?? randomHex32()}`, { method: 'POST', body, headers, duplex: 'half' } as RequestInit));
    expect([400, 403, 413]).toContain(res.status);
    expect(sent).toBe(big.byteLength);
    const answer = (await res.json()) as Answer;
    if (res.status === 413) expect(answer).toEqual({ resp_common: { ret: 4001001, msg: message('fr-FR', 'feedback.upload.reasons.tooBig', { size: '5' }) }, reason: 'too_big' });
  });

  it('takes five images per draft, refuses the sixth with 409, and takes one again after a removal', async () => {
    const draft = randomHex32();
    const ip = freshIp();
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { res, body } = await upload(IMAGES.gif, { draft, type: 'image/gif', ip });
      expect(res.status).toBe(201);
      keys.push(body.key!);
    }
    const sixth = await upload(IMAGES.gif, { draft, type: 'image/gif', ip, locale: 'ja-JP' });
    expect(sixth.res.status).toBe(409);
    expect(sixth.body).toEqual({ resp_common: { ret: 4001001, msg: message('ja-JP', 'feedback.upload.reasons.tooMany', { count: '5' }) }, reason: 'too_many' });
    const removed = await exports.default.fetch(new Request(`${ORIGIN}/api/upload/${keys[0]}`, { method: 'DELETE' }));
    expect(removed.status).toBe(204);
    expect(await env.UPLOADS.head(`${PENDING_PREFIX}${keys[0]}`)).toBeNull();
    expect((await upload(IMAGES.gif, { draft, type: 'image/gif', ip })).res.status).toBe(201);
  });

  it('holds the five-image limit under concurrency: ten parallel uploads to one draft, exactly five 201 and five 409', async () => {
    const draft = randomHex32();
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(IMAGES.png, { draft })));
    const statuses = answers.map((a) => a.res.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409, 409, 409]);
    const keys = answers.filter((a) => a.res.status === 201).map((a) => a.body.key!);
    expect(new Set(keys).size).toBe(5);
    const stored = await env.UPLOADS.list({ prefix: `${PENDING_PREFIX}${draft}/` });
    expect(stored.objects.map((o) => o.key.slice(PENDING_PREFIX.length)).filter((key) => KEY.test(key)).sort()).toEqual([...keys].sort());
    // A removal frees exactly one place, also when the next uploads race for it.
    expect((await exports.default.fetch(new Request(`${ORIGIN}/api/upload/${keys[0]}`, { method: 'DELETE' }))).status).toBe(204);
    const again = await Promise.all(Array.from({ length: 4 }, () => upload(IMAGES.png, { draft })));
    expect(again.map((a) => a.res.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('refuses a bad draft, an empty body and malformed or file-less multipart with 400', async () => {
    expect((await upload(IMAGES.png, { draft: 'nope' })).res.status).toBe(400);
    const empty = await upload(new Uint8Array(), { type: 'image/png' });
    expect(empty.res.status).toBe(400);
    expect(empty.body.reason).toBe('empty');
    const broken = await upload('--x\r\nnot really multipart', { type: 'multipart/form-data; boundary=yyy' });
    expect(broken.res.status).toBe(400);
    expect(broken.body.reason).toBe('bad_request');
    const noFile = await upload(multipart(IMAGES.png, 'a.png', 'image/png', 'other'), { type: '' });
    expect(noFile.res.status).toBe(400);
  });

  it('limits each client: past UPLOAD_RATE_LIMITER (20 a minute) 429 with Retry-After, other clients unaffected', async () => {
    // Windows are aligned to the clock: one may roll over, so the refusal comes after 20 to 40.
    const ip = freshIp();
    let accepted = 0;
    let refused: Awaited<ReturnType<typeof upload>> | null = null;
    for (let i = 0; i < 41 && !refused; i++) {
      const answer = await upload(IMAGES.png, { ip, locale: 'zh-CN' });
      if (answer.res.status === 429) refused = answer;
      else accepted++;
    }
    expect(refused).not.toBeNull();
    expect(accepted).toBeGreaterThanOrEqual(20);
    expect(accepted).toBeLessThanOrEqual(40);
    expect(refused!.res.headers.get('retry-after')).toBe('60');
    expect(refused!.body).toEqual({ resp_common: { ret: 6919992, msg: message('zh-CN', 'feedback.upload.reasons.rateLimited') }, reason: 'rate_limited' });
    expect((await upload(IMAGES.png)).res.status).toBe(201);
  });

  it('refuses cross-site uploads and never serves an upload back', async () => {
    expect((await upload(IMAGES.png, { headers: { 'sec-fetch-site': 'cross-site' } })).res.status).toBe(403);
    const { body } = await upload(IMAGES.png);
    for (const path of [`/api/upload/${body.key}`, `/api/upload?draft=${body.key!.split('/')[0]}`, `/${PENDING_PREFIX}${body.key}`, `/uploads/${body.key}`]) {
      const res = await exports.default.fetch(new Request(`${ORIGIN}${path}`));
      expect([404, 405], path).toContain(res.status);
      expect(res.headers.get('content-type') ?? '', path).not.toMatch(/^image\//);
    }
    expect((await exports.default.fetch(new Request(`${ORIGIN}/api/upload/../../etc/passwd`, { method: 'DELETE' }))).status).not.toBe(204);
  });
});

async function proxyCall(path: string, body: unknown, ip = freshIp()) {
  const res = await exports.default.fetch(
    new Request(`${ORIGIN}/api${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-site-locale': 'en-US', 'cf-connecting-ip': ip } }),
  );
  return { res, body: (await res.json()) as Record<string, unknown> & { resp_common: { ret: number; msg: string } } };
}

async function captcha(ip: string): Promise<{ id: string; answer: string }> {
  const { body } = await proxyCall('/feedback/captcha', {}, ip);
  const peek = await exports.default.fetch(new Request(`${ORIGIN}/__test/captcha/${body.captcha_id as string}`));
  return { id: body.captcha_id as string, answer: ((await peek.json()) as { answer: string }).answer };
}

const ticket = (attachments: string[]) => ({
  ticket_type: 'bug',
  problem_type: 'installation',
  first_name: 'Grace',
  last_name: 'Hopper',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  subject: 'Installer stops',
  attachments,
});

describe('feedback through the proxy', () => {
  it('a valid captcha makes a ticket with the upload keys, and the images move to attached/', async () => {
    const ip = freshIp();
    const draft = randomHex32();
    const keys = [(await upload(IMAGES.png, { draft, ip })).body.key!, (await upload(IMAGES.jpg, { draft, ip, type: 'image/jpeg' })).body.key!];
    const { id, answer } = await captcha(ip);
    const { res, body } = await proxyCall('/feedback/add', { captcha_id: id, captcha: answer, data: ticket(keys) }, ip);
    expect(res.status).toBe(200);
    expect(body.resp_common.ret).toBe(0);
    const stored = (await (await exports.default.fetch(new Request(`${ORIGIN}/__test/feedback/${body.ticket_id as string}`))).json()) as { attachments: string[] };
    expect(stored.attachments).toEqual(keys);
    await vi.waitFor(async () => {
      for (const key of keys) {
        expect(await env.UPLOADS.head(`${PENDING_PREFIX}${key}`)).toBeNull();
        expect((await env.UPLOADS.head(`${ATTACHED_PREFIX}${key}`))?.customMetadata?.ticketId).toBe(body.ticket_id);
      }
    });
  });

  it('a wrong captcha is refused with 4590003 and the images stay pending', async () => {
    const ip = freshIp();
    const key = (await upload(IMAGES.webp, { ip, type: 'image/webp' })).body.key!;
    const { id } = await captcha(ip);
    const { body } = await proxyCall('/feedback/add', { captcha_id: id, captcha: 'WRONG', data: ticket([key]) }, ip);
    expect(body.resp_common).toEqual({ ret: 4590003, msg: 'The verification code is incorrect or has expired' });
    expect(await env.UPLOADS.head(`${PENDING_PREFIX}${key}`)).not.toBeNull();
  });

  it.each([
    ['a well-formed key that was never uploaded', async () => [`${randomHex32()}/${randomHex32()}.png`]],
    ['an uploaded key beside one that was never uploaded', async () => {
      const draft = randomHex32();
      return [(await upload(IMAGES.png, { draft })).body.key!, `${draft}/${randomHex32()}.png`];
    }],
    ['uploaded keys of two different forms (drafts)', async () => [(await upload(IMAGES.png)).body.key!, (await upload(IMAGES.gif, { type: 'image/gif' })).body.key!]],
    ['a key the visitor removed', async () => {
      const key = (await upload(IMAGES.png)).body.key!;
      await exports.default.fetch(new Request(`${ORIGIN}/api/upload/${key}`, { method: 'DELETE' }));
      return [key];
    }],
  ] as const)('refuses %s with a localized 400 naming the field, and stores no ticket', async (_case, keysOf) => {
    const ip = freshIp();
    const keys = await keysOf();
    const { id, answer } = await captcha(ip);
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}/api/feedback/add`, {
        method: 'POST',
        body: JSON.stringify({ captcha_id: id, captcha: answer, data: ticket(keys) }),
        headers: { 'content-type': 'application/json', 'x-site-locale': 'ja-JP', 'cf-connecting-ip': ip },
      }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { resp_common: { ret: number; msg: string }; errors: { field: string; message: string }[]; ticket_id?: string };
    expect(body.resp_common).toEqual({ ret: 4001001, msg: message('ja-JP', 'feedback.errors.attachmentsNotUploaded') });
    expect(body.errors).toEqual([{ field: `data.attachments.${keys.length - 1}`, message: 'attachment was not uploaded' }]);
    expect(body.ticket_id).toBeUndefined();
    // The code was not spent on a refused ticket: the same answer still makes one with no images.
    const retry = await proxyCall('/feedback/add', { captcha_id: id, captcha: answer, data: ticket([]) }, ip);
    expect(retry.body.resp_common.ret).toBe(0);
  });

  it('refuses attachments that are not upload keys at the edge, with the field', async () => {
    const { res, body } = await proxyCall('/feedback/add', { captcha_id: 'x', captcha: 'ABCDE', data: ticket(['https://evil.example/a.png']) });
    expect(res.status).toBe(400);
    expect(body.errors).toEqual([{ field: 'data.attachments.0', message: 'attachment is invalid' }]);
  });
});

describe('the cleanup of unclaimed uploads', () => {
  it('deletes pending images older than a day, keeps newer ones and every attached one', async () => {
    const fresh = (await upload(IMAGES.png)).body.key!;
    await env.UPLOADS.put(`${ATTACHED_PREFIX}${randomHex32()}/${randomHex32()}.png`, IMAGES.png);
    const attachedBefore = (await env.UPLOADS.list({ prefix: ATTACHED_PREFIX })).objects.length;
    // A day and a bit later, everything pending now is stale.
    const later = Date.now() + PENDING_UPLOAD_TTL_MS + 60_000;
    expect(await cleanupPendingUploads(env.UPLOADS, Date.now())).toBe(0);
    expect(await env.UPLOADS.head(`${PENDING_PREFIX}${fresh}`)).not.toBeNull();
    expect(await cleanupPendingUploads(env.UPLOADS, later)).toBeGreaterThanOrEqual(1);
    expect((await env.UPLOADS.list({ prefix: PENDING_PREFIX })).objects).toEqual([]);
    expect((await env.UPLOADS.list({ prefix: ATTACHED_PREFIX })).objects.length).toBe(attachedBefore);
  });

  it('runs from the scheduled export (the hourly cron)', async () => {
    const key = (await upload(IMAGES.gif, { type: 'image/gif' })).body.key!;
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: '23 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    // Fresh, so kept: the handler ran against the real bucket without deleting what is young.
    expect(await env.UPLOADS.head(`${PENDING_PREFIX}${key}`)).not.toBeNull();
  });
});
