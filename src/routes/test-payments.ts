import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { TEST_PAYMENT_REFUND_PATH, testPaymentRefundRequestSchema } from '../domain/api-schemas';

/**
 * Outside production, with the reference origin as the upstream: POST /__test/refund
 * `{order_id, status: 'refunding' | 'refunded'}` moves a paid test order on, as a provider's
 * refund webhook would (the origin's POST /test-payments/refund, which only the service binding
 * reaches). e2e tests use it to see the refunded display. Production answers 404 like any unknown path.
 */
export const testPaymentRoutes = new Hono<AppEnv>().post('/refund', async (c) => {
  const env = c.env;
  if (env.ENVIRONMENT === 'production' || !env.ORIGIN || env.UPSTREAM_RELEASE !== 'service:ORIGIN') return c.notFound();
  c.header('Cache-Control', 'no-store');
  let body: unknown = null;
  try {
    body = await c.req.json();
  } catch {
    body = null;
  }
  const parsed = testPaymentRefundRequestSchema.safeParse(body);
  if (!parsed.success) return c.json({ error: parsed.error.issues[0]?.message ?? 'invalid body' }, 400);
  const res = await env.ORIGIN.fetch(
    new Request(`https://origin.internal${TEST_PAYMENT_REFUND_PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(parsed.data) }),
  );
  return new Response(await res.text(), { status: res.status, headers: { 'Content-Type': 'application/json; charset=UTF-8', 'Cache-Control': 'no-store' } });
});
