import type { ApiErrorName } from '../../src/domain/api-errors';
import type { Settings } from './settings';

// The too-frequent answers: 6919992 once a client exceeds the burst limit within a window,
// 6919993 once it exceeds the daily limit (UTC day). Fixed windows counted in D1, so every
// isolate sees the same counts. Refused calls count too: a client hammering the API stays
// refused instead of being let through every other call.

const MAX_KEY_LENGTH = 64;
export const SHARED_CLIENT_KEY = 'anonymous';

/** The client the limits count: the visitor IP the site's proxy forwards, else one shared key. */
export function clientKeyOf(request: Request): string {
  const ip = request.headers.get('CF-Connecting-IP')?.trim();
  return ip && ip.length <= MAX_KEY_LENGTH ? ip : SHARED_CLIENT_KEY;
}

const COUNT = `INSERT INTO rate_counters (bucket, count, expires_at) VALUES (?, 1, ?)
ON CONFLICT (bucket) DO UPDATE SET count = count + 1
RETURNING count`;

/** Counts one call of `clientKey` at `now` (epoch seconds); the refusal to answer, or null. */
export async function countCall(
  db: D1Database,
  clientKey: string,
  settings: Settings,
  now: number,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<ApiErrorName | null> {
  const burstWindow = Math.floor(now / settings.burstWindowSeconds);
  const day = Math.floor(now / 86_400);
  const [burst, daily] = await db.batch<{ count: number }>([
    db.prepare(COUNT).bind(`burst:${clientKey}:${burstWindow}`, (burstWindow + 1) * settings.burstWindowSeconds),
    db.prepare(COUNT).bind(`day:${clientKey}:${day}`, (day + 1) * 86_400),
  ]);
  const burstCount = burst?.results[0]?.count ?? 0;
  const dailyCount = daily?.results[0]?.count ?? 0;
  // The first call of a window sweeps the counters of windows that have ended.
  if (burstCount === 1) {
    waitUntil(db.prepare('DELETE FROM rate_counters WHERE expires_at <= ?').bind(now).run());
  }
  if (dailyCount > settings.dailyLimit) return 'TOO_FREQUENT_TODAY';
  if (burstCount > settings.burstLimit) return 'TOO_FREQUENT';
  return null;
}
