import { lazySchema } from './zod-config';
import * as z from 'zod/mini';
import { edgeBeaconSchema, edgeFactsSchema, type EdgeBeaconEvent, type EdgeFacts } from './api-schemas';

/**
 * What travels on the beacon queue (mt-beacons and its dead letters). An item is one event the
 * edge accepted plus what only the edge knows (EdgeFacts; never the raw IP).
 *
 * - v2, a packet: up to PACKET_MAX_ITEMS items. The edge packs each isolate's burst into as few
 *   messages as it can, because the queue bills and limits per message (and per 64 KB).
 * - v1, one item: what the first edge wrote. Still read, so nothing queued or dead-lettered by
 *   an older deploy is lost.
 */
export interface BeaconItem {
  event: EdgeBeaconEvent;
  edge: EdgeFacts;
}
export interface BeaconMessage extends BeaconItem {
  v: 1;
}
export interface BeaconPacket {
  v: 2;
  items: BeaconItem[];
}
export type BeaconQueueBody = BeaconMessage | BeaconPacket;

/**
 * Items per packet. Every field is bounded, so an item is at most about 2 KB of JSON (a typical
 * one about 0.5 KB); PACKET_MAX_BYTES decides first for long ones.
 */
export const PACKET_MAX_ITEMS = 200;
/** Bytes of JSON per packet: the queue takes messages up to 128 KB. */
export const PACKET_MAX_BYTES = 96 * 1024;

const itemSchema = lazySchema(() => z.object({ event: edgeBeaconSchema, edge: edgeFactsSchema }));

/**
 * The items of a queue body, each re-checked with the edge's own schemas (a body that fails can
 * never succeed downstream). `invalid` counts the items dropped; null when the body is not a
 * beacon message at all.
 */
export function readQueueBody(body: unknown): { items: BeaconItem[]; invalid: number } | null {
  if (!body || typeof body !== 'object') return null;
  const v = (body as { v?: unknown }).v;
  const raw = v === 1 ? [body] : v === 2 && Array.isArray((body as { items?: unknown }).items) ? ((body as { items: unknown[] }).items) : null;
  if (!raw) return null;
  const items: BeaconItem[] = [];
  for (const candidate of raw) {
    const parsed = itemSchema.safeParse(candidate);
    if (parsed.success) items.push(parsed.data);
  }
  return { items, invalid: raw.length - items.length };
}
