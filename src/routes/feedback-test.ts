import { Hono } from 'hono';
import type { AppEnv } from '../env';

/**
 * Outside production, with the reference origin as the upstream: GET /__test/captcha/<id> answers
 * the captcha's text (the origin's own /__test/captcha, which only the service binding reaches),
 * so browser tests can type it. Production, or another upstream, answers 404.
 */
export const feedbackTestRoutes = new Hono<AppEnv>().get('/captcha/:id{[0-9a-z]{1,64}}', async (c) => {
  const env = c.env;
  if (env.ENVIRONMENT === 'production' || !env.ORIGIN || env.UPSTREAM_RELEASE !== 'service:ORIGIN') return c.notFound();
  const res = await env.ORIGIN.fetch(new Request(`https://origin.internal/__test/captcha/${c.req.param('id')}`));
  return new Response(await res.text(), { status: res.status, headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store' } });
});
