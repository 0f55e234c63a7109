import { activityReceive } from './activity';
import type { CallHandlers } from './call';
import { sendCdkeyOrderMail } from './codes';
import { addFeedback, issueCaptcha } from './feedback';
import { getShortCode, reportAction } from './ocpc';
import {
  clickPaymentReport,
  createPaypalOrder,
  createStripeOrder,
  getCdKey,
  queryPaypalOrder,
  queryStripeOrder,
} from './orders';
import { listGroup } from './plans';
import { addPrivacyRequest } from './privacy';
import { requestWithdrawal } from './withdrawal';

/** Every API call and the handler that answers it. */
export const CALL_HANDLERS: CallHandlers = {
  '/ocpc/report_action': reportAction,
  '/ocpc/get_short_code': getShortCode,
  '/pay/send_cdkey_order_mail': sendCdkeyOrderMail,
  '/feedback/add': addFeedback,
  '/feedback/captcha': issueCaptcha,
  '/paypackagebase/list_group': listGroup,
  '/activity/receive': activityReceive,
  '/payv2/stripe/elements/create_cdkey_order': createStripeOrder,
  '/pay/click_payment_report': clickPaymentReport,
  '/mingtingvip/payv2/stripe/order/query': queryStripeOrder,
  '/mingtingvip/payv2/paypal/create_cdkey_order': createPaypalOrder,
  '/mingtingvip/payv2/paypal/order/query': queryPaypalOrder,
  '/pay/get_cd_key': getCdKey,
  '/privacy_control/add': addPrivacyRequest,
  '/pay/withdrawal_request': requestWithdrawal,
};
