import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { beaconEventSchema, COLLECT_PATH, collectBatchSchema, type collectEventSchema, type CollectData } from '../../src/domain/api-schemas';
import { splitLocale } from '../../src/domain/locales';
import { VITALS_ACTION } from '../../src/domain/vitals';
import { callContext, fieldErrors, parseJsonRequest } from './call';
import { readMeta } from './db';
import type { OriginEnv } from './env';
import { ok, replyError, replyOutcome } from './envelope';

// The collection host for the tracking beacon. The site's queue consumer posts batches
// ({events: [...]}, at most MAX_COLLECT_BATCH); a single event may also arrive as the classic image GET with
// the report fields as query string. (uuid, time_, action, tryno) is unique, so a batch the
// queue retries after a timeout never doubles.

/** A batch of 500 events with every field at its longest (about 2 KB each) stays under this. */
const MAX_BATCH_BYTES = 1280 * 1024;
export const COLLECT_DOWN_KEY = 'fault.collect_down';

/** 1 × 1 transparent GIF for the image beacon. */
const PIXEL = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (ch) => ch.charCodeAt(0));

type BeaconEvent = z.output<typeof collectEventSchema>;

const COLUMNS = [
  'uuid', 'time_', 'action', 'tryno', 'business_index', 'cid', 'item_id', 'page_id', 'btn_id', 'from_', 'step',
  'indent', 'result', 'pkg_type', 'user_info', 'pay', 'collect_time', 'tid1', 'tid2',
] as const satisfies readonly (keyof BeaconEvent)[];

const IDENTITY = ['uuid', 'time_', 'action', 'tryno'] as const;
const field = (name: string) => `json_extract(value, '$.${name}')`;

// One statement per table for the whole batch: the events travel as one JSON parameter (?1) and
// json_each unpacks them, instead of one statement with 20 parameters per event. WHERE true
// keeps SQLite from reading ON CONFLICT as a join constraint.
const INSERT_EVENTS = `INSERT INTO beacon_events (${COLUMNS.join(', ')}, received_at)
SELECT ${COLUMNS.map(field).join(', ')}, ?2 FROM json_each(?1) WHERE true ON CONFLICT DO NOTHING`;

const INSERT_EDGE = `INSERT INTO beacon_edge (${IDENTITY.join(', ')}, edge_received_at, client_id, country, colo, is_bot)
SELECT ${IDENTITY.map(field).join(', ')}, ${field('received_at')}, ${field('client_id')}, ${field('country')}, ${field('colo')}, ${field('is_bot')}
FROM json_each(?1) WHERE ${field('client_id')} IS NOT NULL AND ${field('received_at')} IS NOT NULL ON CONFLICT DO NOTHING`;

// A vitals event is also a row of its own with its timings, the page without its locale prefix
// (`page`, added before the insert) and the edge's country, for the p75 queries of `npm run vitals`.
const VITALS_COLUMNS = ['uuid', 'time_', 'tryno', 'page_id', 'page', 'locale', 'device', 'country', 'nav', 'lcp', 'inp', 'cls', 'ttfb'] as const;
const INSERT_VITALS = `INSERT INTO vitals_events (${VITALS_COLUMNS.join(', ')}, received_at)
SELECT ${VITALS_COLUMNS.map(field).join(', ')}, ?2 FROM json_each(?1) WHERE ${field('action')} = '${VITALS_ACTION}' ON CONFLICT DO NOTHING`;

/** The page of a vitals event: its path without the locale prefix ('/fr-FR/buy' → '/buy'). */
function pageOf(pageId: string | undefined): string | null {
  return pageId ? splitLocale(pageId).rest : null;
}

export async function isCollectDown(c: Context<OriginEnv>): Promise<boolean> {
  return c.env.COLLECT_DOWN === 'true' || (await readMeta(c.env.DB, COLLECT_DOWN_KEY)) === 'true';
}

async function store(db: D1Database, events: readonly BeaconEvent[], now: number): Promise<CollectData> {
  // The schema already defaulted tryno to 0; json_extract reads a JSON true/false as 1/0.
  const rows = JSON.stringify(events.map((event) => (event.action === VITALS_ACTION ? { ...event, page: pageOf(event.page_id) } : event)));
  const [stored] = await db.batch([db.prepare(INSERT_EVENTS).bind(rows, now), db.prepare(INSERT_EDGE).bind(rows), db.prepare(INSERT_VITALS).bind(rows, now)]);
  const changes = stored?.meta.changes ?? 0;
  return { stored: changes, duplicates: events.length - changes };
}

function down(c: Context<OriginEnv>): Response {
  c.header('Retry-After', '30');
  return replyError(c, 'INTERNAL_ERROR', 503, { msg: 'The collection host is unavailable' });
}

export const collect = new Hono<OriginEnv>();

collect.post(COLLECT_PATH, async (c) => {
  if (await isCollectDown(c)) return down(c);
  const parsed = await parseJsonRequest(c, collectBatchSchema, MAX_BATCH_BYTES);
  if (!parsed.ok) return parsed.response;
  const { db, now } = callContext(c);
  return replyOutcome(c, COLLECT_PATH, ok(await store(db, parsed.data.events, now)));
});

collect.get(COLLECT_PATH, async (c) => {
  if (await isCollectDown(c)) return down(c);
  const parsed = beaconEventSchema.safeParse(c.req.query());
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return replyError(c, 'UNSUPPORTED_REQUEST', 400, { msg: errors[0]?.message, errors });
  }
  const { db, now } = callContext(c);
  await store(db, [parsed.data], now);
  return c.body(PIXEL, 200, { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' });
});

/**
 * Outside production only (index.ts guards): how many events are stored, optionally per
 * uuid/action, and how many of them carry the edge's facts (client id, country, colo, isbot).
 */
collect.get(`${COLLECT_PATH}/count`, async (c) => {
  const uuid = c.req.query('uuid');
  const action = c.req.query('action');
  const row = await c.env.DB.prepare(
    `SELECT COUNT(*) AS count, COUNT(edge.client_id) AS with_edge
     FROM beacon_events AS e
     LEFT JOIN beacon_edge AS edge USING (uuid, time_, action, tryno)
     WHERE (?1 IS NULL OR e.uuid = ?1) AND (?2 IS NULL OR e.action = ?2)`,
  )
    .bind(uuid ?? null, action ?? null)
    .first<{ count: number; with_edge: number }>();
  return replyOutcome(c, c.req.path, ok({ count: row?.count ?? 0, with_edge: row?.with_edge ?? 0 }));
});

/** The most rows GET /collect/vitals answers (newest first). */
export const MAX_VITALS_ROWS = 5000;

/**
 * Outside production only (index.ts guards): the stored vitals events received since `since`
 * (epoch seconds, as received_at; default all), optionally of one uuid, newest first; `npm run
 * vitals -- --site` and the e2e tests read them.
 */
collect.get(`${COLLECT_PATH}/vitals`, async (c) => {
  const since = Number(c.req.query('since') ?? 0);
  const uuid = c.req.query('uuid');
  const { results } = await c.env.DB.prepare(
    `SELECT uuid, time_, page_id, page, locale, device, country, nav, lcp, inp, cls, ttfb, received_at FROM vitals_events
     WHERE received_at >= ?1 AND (?2 IS NULL OR uuid = ?2) ORDER BY received_at DESC LIMIT ${MAX_VITALS_ROWS}`,
  )
    .bind(Number.isFinite(since) ? since : 0, uuid ?? null)
    .all();
  return replyOutcome(c, c.req.path, ok({ rows: results }));
});
