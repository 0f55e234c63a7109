// Honest reference prices (the EU Price Indication Directive, Art. 6a, applied to every visitor):
// a price reduction may be announced (a struck-through price, "Save N %", "You save …") only
// against the lowest price the trader charged for that plan and currency in the 30 days before
// the reduction, and the page then states that price. Pure: the reference origin computes the two
// facts from its price history (`priceFacts`), the pages decide from them (`priceReduction`).
import { saving, type Saving } from './money';

/** The look-back of the prior price, and how long a reduction may be announced after it took effect. */
export const REFERENCE_WINDOW_S = 30 * 24 * 60 * 60;

/** One price of a plan in one currency, charged from `from` (epoch seconds) until the next one. */
export interface PricePoint {
  price: number;
  from: number;
}

/** What the upstream's list_group says of a plan's price history (docs/UPSTREAM.md, Plans). */
export interface PriceFacts {
  /** When the current price took effect (epoch seconds); null when the history does not say. */
  price_since: number | null;
  /**
   * The lowest price charged in the 30 days before `price_since`: the only price a reduction may
   * be announced against. null when no earlier price is known (the price has always been this one).
   */
  lowest_price_30d: number | null;
}

/**
 * The two facts from a plan's price history (any order; points after `now` are scheduled, not
 * charged yet, and ignored). `current` is the price the plan is sold at: a history whose latest
 * point disagrees with it says nothing reliable, so both facts are null then.
 */
export function priceFacts(history: readonly PricePoint[], current: number, now: number): PriceFacts {
  const points = history.filter((p) => p.from <= now).sort((a, b) => a.from - b.from);
  const latest = points.at(-1);
  if (!latest || latest.price !== current) return { price_since: null, lowest_price_30d: null };
  // The current price's run starts at the first point of the trailing run of equal prices.
  let start = points.length - 1;
  while (start > 0 && points[start - 1]!.price === current) start--;
  const since = points[start]!.from;
  const windowStart = since - REFERENCE_WINDOW_S;
  let lowest: number | null = null;
  for (let i = 0; i < start; i++) {
    const point = points[i]!;
    const until = points[i + 1]!.from;
    // Charged at some moment of [since − 30 days, since).
    if (until > windowStart && point.from < since) lowest = lowest === null ? point.price : Math.min(lowest, point.price);
  }
  return { price_since: since, lowest_price_30d: lowest };
}

export interface PriceReduction {
  /** The price to strike through: the lowest price of the 30 days before the reduction. */
  reference: number;
  saving: Saving;
}

/**
 * Whether a plan's price may be shown as reduced, and against what: only when the lowest price of
 * the 30 days before the current price took effect is higher than the current price, and for at
 * most 30 days after it took effect (after that the reduced price is simply the price). A price
 * that went up, one unchanged since before the window, or one without history is never "reduced".
 */
export function priceReduction(plan: { price: number } & Partial<PriceFacts>, now: number): PriceReduction | null {
  const { price, price_since: since, lowest_price_30d: lowest } = plan;
  if (since === null || since === undefined || lowest === null || lowest === undefined) return null;
  if (since > now || now - since >= REFERENCE_WINDOW_S) return null;
  const off = saving(price, lowest);
  return off ? { reference: lowest, saving: off } : null;
}
