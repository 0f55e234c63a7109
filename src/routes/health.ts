import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** For ops: 'ok: <ENVIRONMENT>' as uncached text, so production answers exactly 'ok: production'. */
export const health = new Hono<AppEnv>().get('/', (c) => {
  c.header('Cache-Control', 'no-store');
  return c.text(`ok: ${c.env.ENVIRONMENT}`);
});
