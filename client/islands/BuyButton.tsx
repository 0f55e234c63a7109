import { useEffect } from 'react';
import { useT } from '../../src/i18n/translator';
import { track, BUY_CLICK_BUSINESS_INDEX } from '../lib/tracking';
import { installBeaconSender } from '../lib/beacon';
import { resolveLocaleSettings } from '../lib/locale-settings';
// The buy page's styles travel with this island; pages whose markup uses them link them from the server (the route's islandStyles).
import '../styles/buy.css';

export interface BuyButtonProps {
  /** The checkout URL (same locale, product, currency and the visitor's campaign keys): works without JS. */
  href: string;
  productId: number;
  /** Product kind (oneMonth, oneYear…), reported as pkg_type. */
  kind: string;
  /** The plan's localized title and price, for the link's accessible name. */
  planTitle: string;
  priceText: string;
  currency: string;
  featured: boolean;
  /** The page the click is reported from (page_id); the buy page when absent. */
  pageId?: string;
}

/**
 * The page's buttons share one lookup. The buy page is cached per currency, not per country, so
 * the visitor's country comes from the edge (/api/geo) rather than from the HTML; the 24 h
 * locale-settings cache makes that at most one small request a day, and checkout then finds it.
 */
let settingsSeeded: Promise<unknown> | null = null;

/** A plan's buy link. Plain navigation to checkout; with JS, the click is also tracked (business_index 8105). */
export default function BuyButton({ href, productId, kind, planTitle, priceText, currency, featured, pageId = 'buy' }: BuyButtonProps) {
  const t = useT();
  useEffect(() => {
    // The sender flushes with sendBeacon when the page is hidden, so the click survives the navigation.
    installBeaconSender();
    settingsSeeded ??= resolveLocaleSettings().catch(() => undefined);
  }, []);
  return (
    <a
      className={`button button-large plan-buy ${featured ? 'button-accent' : 'button-primary'}`}
      href={href}
      data-buy-product={productId}
      onClick={() =>
        track({
          action: 'click',
          business_index: BUY_CLICK_BUSINESS_INDEX,
          page_id: pageId,
          btn_id: 'buy',
          item_id: String(productId),
          pkg_type: kind,
          pay: currency,
        })
      }
    >
      {t('ui.buy.cta')}
      <span className="visually-hidden">{t('ui.buy.ctaDetail', { plan: planTitle, price: priceText })}</span>
    </a>
  );
}
