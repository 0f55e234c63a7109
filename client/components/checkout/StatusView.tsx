// How each payment status looks (the upstream's five and the client's unknownError). Used by the result island
// and, rendered on the server only, by /text-checkout, so reviewers read exactly what buyers see.
import type { ReactNode, Ref } from 'react';
import { useT } from '../../../src/i18n/translator';
import { statusDisplay, type CheckoutStatus, type DeclineReason, type ResultLinks } from '../../../src/domain/checkout';
import DownloadButton from '../../islands/DownloadButton';
import { tWithUserText } from '../UserText';

/** Try again (same order), the other method (a new order), support with the order number, the licence code page. */
export type StatusLinks = ResultLinks;

export interface StatusViewProps {
  status: CheckoutStatus;
  /** null until the result island has read the order from the URL (the server renders none). */
  orderId: string | null;
  reason?: DeclineReason | null;
  /** null with `orderId`: a status without an order shows no next steps. */
  links: StatusLinks | null;
  headingRef?: Ref<HTMLHeadingElement>;
  /** The licence code block (paid only). */
  children?: ReactNode;
}

const ICONS: Record<ReturnType<typeof statusDisplay>['tone'], string> = {
  progress: 'M12 3a9 9 0 1 0 9 9',
  success: 'M5 12.5l4.5 4.5L19 7',
  warning: 'M12 8v5m0 3.5v.5M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
  error: 'M6 6l12 12M18 6L6 18',
};

export function StatusView({ status, orderId, reason, links, headingRef, children }: StatusViewProps) {
  const t = useT();
  const display = statusDisplay(status);
  return (
    <section className={`checkout-status checkout-status-${display.tone}`} data-status={status} aria-labelledby={`checkout-status-${status}-title`}>
      <div className="checkout-status-head">
        <svg className={`checkout-status-icon${display.pending ? ' checkout-spin' : ''}`} width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
          <path d={ICONS[display.tone]} />
        </svg>
        <h2 id={`checkout-status-${status}-title`} ref={headingRef} tabIndex={-1}>
          {t(`${display.key}.title`)}
        </h2>
      </div>
      <p className="checkout-status-text">{t(`${display.key}.text`)}</p>
      {status === 'failed' && reason ? <p className="checkout-status-reason">{t(`checkout.decline.${reason}`)}</p> : null}
      {orderId ? <p className="checkout-order-number">{tWithUserText(t, 'checkout.result.orderNumber', { order: orderId })}</p> : null}
      {children}
      {display.showsNextSteps && links ? (
        <div className="checkout-next">
          <h3>{t('checkout.failure.nextHeading')}</h3>
          <ol className="checkout-next-list">
            <li>
              <a className="button button-primary" href={links.retry} data-next="retry">
                {t('checkout.failure.retry')}
              </a>
              <p>{t('checkout.failure.retryText')}</p>
            </li>
            <li>
              <a className="button button-ghost" href={links.changeMethod} data-next="change-method">
                {t('checkout.failure.changeMethod')}
              </a>
              <p>{t('checkout.failure.changeMethodText')}</p>
            </li>
            <li>
              <a className="button button-ghost" href={links.support} data-next="support">
                {t('checkout.failure.support')}
              </a>
              <p>{t('checkout.failure.supportText')}</p>
            </li>
          </ol>
        </div>
      ) : null}
      {display.showsSupport && links ? (
        <ul className="checkout-support-links">
          {display.offersCodeResend ? (
            <li>
              <a href={links.licenseCode}>{t('checkout.result.licenseCodeLink')}</a>
            </li>
          ) : null}
          <li>
            <a href={links.support}>{t('checkout.result.supportLink')}</a>
          </li>
        </ul>
      ) : null}
    </section>
  );
}

/** The purchase-success content: the three recovery steps, with the site's download button. */
export function RecoverySteps({ downloadHref, mobile }: { downloadHref: string; mobile: boolean }) {
  const t = useT();
  return (
    <section className="checkout-steps" aria-labelledby="checkout-steps-title">
      <h2 id="checkout-steps-title">{t('checkout.steps.heading')}</h2>
      <ol className="checkout-steps-list">
        {(['download', 'activate', 'recover'] as const).map((step, i) => (
          <li key={step} data-step={step}>
            <span className="checkout-step-number" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h3>{t(`checkout.steps.${step}.title`)}</h3>
              <p>{t(`checkout.steps.${step}.text`)}</p>
              {step === 'download' ? <DownloadButton href={downloadHref} label={t('checkout.steps.download.button')} icon mobile={mobile} btnId="checkout_download" /> : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
