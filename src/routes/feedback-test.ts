import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { ATTACHED_PREFIX, PENDING_PREFIX, isUploadKey } from '../domain/uploads';

/** Only outside production, and only when the upstream is the reference origin behind ORIGIN. */
function usable(c: Context<AppEnv>): boolean {
  const env = c.env;
  return env.ENVIRONMENT !== 'production' && Boolean(env.ORIGIN) && env.UPSTREAM_RELEASE === 'service:ORIGIN';
}

async function passthrough(c: Context<AppEnv>, path: string): Promise<Response> {
  const res = await c.env.ORIGIN!.fetch(new Request(`https://origin.internal${path}`));
  return new Response(await res.text(), { status: res.status, headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store' } });
}

/**
 * Test helpers for the feedback and withdrawal forms (browser tests), outside production with the reference
 * origin as the upstream; elsewhere 404 like any unknown path:
 *   GET /__test/captcha/<id>         the captcha's text (the origin's /__test/captcha), to type it
 *   GET /__test/feedback/<ticket>    the stored ticket and its attachment keys, each with where its
 *                                    image is in the UPLOADS bucket (attached, pending or missing)
 *   GET /__test/outbox?email=<addr>  the mails the origin recorded for an address (its mail log:
 *                                    licence codes, trial codes, withdrawal acknowledgements)
 */
export const feedbackTestRoutes = new Hono<AppEnv>()
  .get('/captcha/:id{[0-9a-z]{1,64}}', async (c) => (usable(c) ? passthrough(c, `/__test/captcha/${c.req.param('id')}`) : c.notFound()))
  .get('/feedback/:ticket{[0-9A-Z]{1,32}}', async (c) => {
    if (!usable(c)) return c.notFound();
    const res = await passthrough(c, `/__test/feedback/${c.req.param('ticket')}`);
    if (res.status !== 200) return res;
    const body = (await res.json()) as { attachments?: string[] } & Record<string, unknown>;
    const images: Record<string, 'attached' | 'pending' | 'missing'> = {};
    for (const key of body.attachments ?? []) {
      if (!isUploadKey(key)) continue;
      images[key] = (await c.env.UPLOADS.head(`${ATTACHED_PREFIX}${key}`)) ? 'attached' : (await c.env.UPLOADS.head(`${PENDING_PREFIX}${key}`)) ? 'pending' : 'missing';
    }
    return c.json({ ...body, images }, 200, { 'Cache-Control': 'no-store' });
  })
  .get('/outbox', async (c) => {
    if (!usable(c)) return c.notFound();
    const email = c.req.query('email') ?? '';
    if (!/^[^\s@]{1,64}@[^\s@]{1,190}$/.test(email)) return c.json({ error: 'email is invalid' }, 400, { 'Cache-Control': 'no-store' });
    return passthrough(c, `/__test/outbox?email=${encodeURIComponent(email)}`);
  });
