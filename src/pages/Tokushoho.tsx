import type { ReactNode } from 'react';
import { useT } from '../i18n/translator';
import { formatMoney } from '../domain/money';
import { productKind } from '../domain/package-ids';
import { sortPlans } from '../domain/plans';
import { sellerCacheKey, sellerFrom, type Seller, type SellerField } from '../domain/seller';
import { plansForVisitor, waitUntilOf } from '../services/plan-cache';
import { PageHeader } from '../components/PageHeader';
import { Icon } from './page-parts';
import { siteLinks, type SiteLinks } from './machinery/links';
import type { PageComponent } from './machinery/types';

/**
 * The disclosure is about the offer to buyers in Japan, so its prices are the yen prices of the buy
 * list (package table A, what a visitor without a campaign sees), which are final and include
 * consumption tax (docs/PRODUCT.md, Decisions, Tax wording).
 */
const DISCLOSURE_CURRENCY = 'JPY';

interface TokushohoData {
  seller: Seller;
  /** The buy list in yen, in display order; null when yen prices could not be had (the page then points to /buy). */
  prices: { productId: number; price: number }[] | null;
}

const ROW = 'pages.tokushoho.rows';

/** A value only the owner can supply: as configured, or the Act's "disclosed without delay on request". */
function SellerValue({ seller, field, links }: { seller: Seller; field: SellerField; links: SiteLinks }) {
  const t = useT();
  const value = seller[field];
  if (value === null) {
    return (
      <>
        {t('pages.tokushoho.onRequest')} <a href={links.feedback}>{t('pages.tokushoho.onRequestLink')}</a>
      </>
    );
  }
  return field === 'email' ? <a href={`mailto:${value}`}>{value}</a> : <>{value}</>;
}

function Prices({ data, links, locale }: { data: TokushohoData; links: SiteLinks; locale: string }) {
  const t = useT();
  return (
    <>
      <p>{t(`${ROW}.price.text`)}</p>
      {data.prices ? (
        <ul className="disclosure-prices">
          {data.prices.map(({ productId, price }) => {
            const kind = productKind(productId);
            return (
              <li key={productId}>
                {t(`${ROW}.price.item`, { plan: kind ? t(`buy.plans.${kind}.title`) : String(productId), price: formatMoney(price, DISCLOSURE_CURRENCY, locale) })}
              </li>
            );
          })}
        </ul>
      ) : (
        <p>{t(`${ROW}.price.unavailable`)}</p>
      )}
      <p>{t(`${ROW}.price.other`)}</p>
      <p>
        <a href={links.buy}>{t(`${ROW}.price.link`)}</a>
      </p>
    </>
  );
}

/**
 * /tokushoho: 特定商取引法に基づく表記, the notice Japan's Act on Specified Commercial Transactions
 * asks of an online seller. Served in every locale (the same facts, translated), linked from every
 * footer; the seller's own details come from one configuration object (src/domain/seller.ts).
 */
export const TokushohoPage: PageComponent = ({ locale, data }) => {
  const t = useT();
  const links = siteLinks(locale);
  const page = data as TokushohoData;
  const { seller } = page;
  const sellerRow = (key: string, field: SellerField) => [key, <SellerValue seller={seller} field={field} links={links} />] as const;
  const rows: (readonly [string, ReactNode])[] = [
    sellerRow('seller', 'legalName'),
    sellerRow('representative', 'representative'),
    sellerRow('address', 'address'),
    sellerRow('phone', 'phone'),
    sellerRow('email', 'email'),
    [
      'contact',
      <>
        <p>{t(`${ROW}.contact.text`)}</p>
        <p>
          <a href={links.feedback}>{t(`${ROW}.contact.link`)}</a>
        </p>
      </>,
    ],
    ['price', <Prices data={page} links={links} locale={locale} />],
    ['fees', t(`${ROW}.fees.text`)],
    ['payment', t(`${ROW}.payment.text`)],
    ['paymentTiming', t(`${ROW}.paymentTiming.text`)],
    ['delivery', t(`${ROW}.delivery.text`)],
    [
      'returns',
      <>
        <p>{t(`${ROW}.returns.text`)}</p>
        <p>
          <a href={links.withdraw}>{t(`${ROW}.returns.link`)}</a>
        </p>
      </>,
    ],
    ['environment', t(`${ROW}.environment.text`)],
  ];
  return (
    <div className="container page" data-page="tokushoho">
      <PageHeader id="tokushoho" />
      {seller.example ? (
        <div className="notice" role="note" data-seller-example>
          <Icon name="info" className="notice-icon" />
          <p>{t('pages.tokushoho.exampleNote')}</p>
        </div>
      ) : null}
      <div className="table-scroll page-section">
        <table className="data-table disclosure-table">
          <caption className="visually-hidden">{t('pages.tokushoho.heading')}</caption>
          <tbody>
            {rows.map(([key, value]) => (
              <tr key={key} data-row={key}>
                <th scope="row">{t(`${ROW}.${key}.label`)}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
};

TokushohoPage.load = async ({ c }) => {
  const seller = sellerFrom(c.env);
  const plans = await plansForVisitor(c.env, waitUntilOf(c), DISCLOSURE_CURRENCY, 'A');
  const prices = plans.currency === DISCLOSURE_CURRENCY ? sortPlans(plans.list).map((plan) => ({ productId: plan.product_id, price: plan.price })) : null;
  const data: TokushohoData = { seller, prices };
  // The yen list's version changes whenever its entry does; a fallback list shows no prices.
  return { data, cacheKey: `${sellerCacheKey(seller)}|plans=${plans.currency}/${plans.version}` };
};
