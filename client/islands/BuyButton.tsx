import { useEffect } from 'react';
import { useT } from '../lib/i18n';
import { track, BUY_CLICK_BUSINESS_INDEX } from '../lib/tracking';
import { installBeaconSender } from '../lib/beacon';
import { rememberGeo } from '../lib/locale-settings';
// The buy page's styles travel with this island; the page links them from the server (IslandStylesheet).
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
  /** What the edge knows about the visitor: seeds the 24 h locale-settings cache. */
  geo: { country: string | null; currency: string };
}

/** A plan's buy link. Plain navigation to checkout; with JS, the click is also tracked (business_index 8105). */
export default function BuyButton({ href, productId, kind, planTitle, priceText, currency, featured, geo }: BuyButtonProps) {
  const t = useT();
  useEffect(() => {
    // The sender flushes with sendBeacon when the page is hidden, so the click survives the navigation.
    installBeaconSender();
    rememberGeo(geo);
  }, [geo.country, geo.currency]);
  return (
    <a
      className={`button button-large plan-buy ${featured ? 'button-accent' : 'button-primary'}`}
      href={href}
      data-buy-product={productId}
      onClick={() =>
        track({
          action: 'click',
          business_index: BUY_CLICK_BUSINESS_INDEX,
          page_id: 'buy',
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
