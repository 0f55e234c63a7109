import { Hono, type MiddlewareHandler } from 'hono';
import { admin, apiFaults } from './admin';
import { API_PATHS } from '../../src/domain/api-schemas';
import { mountCalls } from './call';
import { collect } from './collect';
import { ensureSeeded } from './db';
import type { OriginEnv } from './env';
import { replyError } from './envelope';
import { CALL_HANDLERS } from './handlers';
import { clientKeyOf } from './rate-limit';
import { testPayments } from './test-payments';

// The reference origin: the upstream API contract on D1 (docs/UPSTREAM.md), the
// beacon collection host, and — outside production — a local test payment mode and test controls.

const app = new Hono<OriginEnv>();

app.use('*', async (c, next) => {
  c.set('clientKey', clientKeyOf(c.req.raw));
  if (c.env.AUTO_SEED === 'true') await ensureSeeded(c.env.DB);
  await next();
});

/** Test-only paths answer exactly like unknown paths in production. */
const nonProductionOnly: MiddlewareHandler<OriginEnv> = async (c, next) => {
  if (c.env.ENVIRONMENT === 'production') return replyError(c, 'UNSUPPORTED_REQUEST', 404);
  await next();
};
for (const path of ['/test-payments/*', '/__admin/*', '/__faults', '/__test/*', '/collect/count', '/collect/vitals']) {
  app.use(path, nonProductionOnly);
}

app.get('/health', (c) => c.text(`ok: ${c.env.ENVIRONMENT}`, 200, { 'Cache-Control': 'no-store' }));

// The slow / failing upstream switches of POST /__faults (outside production).
for (const path of API_PATHS) app.use(path, apiFaults);
mountCalls(app, CALL_HANDLERS);
app.route('/', collect);
app.route('/', testPayments);
app.route('/', admin);

app.notFound((c) => replyError(c, 'UNSUPPORTED_REQUEST', 404));

// Bad input is answered inside each route; this catches the origin's own failures (D1 down, a
// bug) and still answers with an envelope, never a stack.
app.onError((error, c) => {
  console.error('origin error', c.req.method, c.req.path, error);
  return replyError(c, 'INTERNAL_ERROR', 500);
});

export default app;
