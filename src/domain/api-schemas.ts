// The upstream API contract (docs/PRODUCT.md, Upstream calls) as zod schemas: one request schema and one response-data
// type per call, shared by the browser client (form validation), the site's proxy (allowlist and
// body checks) and the reference origin (docs/UPSTREAM.md). Pure: imports only zod.
//
// Field messages are the contract's wording ('email is required', 'email is invalid', 'First Name is required'…)
// so a form can show the first issue of a failed parse as is.
import { lazySchema } from './zod-config';
import * as z from 'zod/mini';
import { BUSINESS_INDEXES, isKnownTidPair, TRACKING_PRODUCT_ID } from './tracking';
import { DEVICE_CLASSES, NAVIGATION_TYPES, VITAL_MAX_MS, VITALS_ACTION, VITALS_FIELDS } from './vitals';
import { LOCALES } from './locales';
import { isValidCampaignValue } from './campaign';
import { WAIVER_TEXT_MAX } from './withdrawal';

export const APP_ID = 81;
/** Every upstream request carries this header with the value PRODUCT_ID. */
export const PRODUCT_ID_HEADER = 'X-Cf-Productid';
export const PRODUCT_ID = '81';
/** Largest request body the origin reads; larger bodies are answered 4001001. */
export const MAX_REQUEST_BYTES = 64 * 1024;

// ── Field builders ──────────────────────────────────────────────────────────────────────────

type Issue = { input?: unknown };
const requiredOrInvalid = (label: string) => (issue: Issue) =>
  issue.input === undefined || issue.input === null ? `${label} is required` : `${label} is invalid`;

/** A required, trimmed string of at most `max` characters. */
function requiredText(label: string, max: number) {
  return z.string({ error: requiredOrInvalid(label) }).check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label} is too long`));
}

/** An optional, trimmed string; an empty string counts as absent (forms send '' for blanks). */
function optionalText(label: string, max: number) {
  return z.optional(
    z.pipe(
      z.string({ error: `${label} is invalid` }).check(z.trim(), z.maxLength(max, `${label} is too long`)),
      z.transform((v: string) => (v === '' ? undefined : v)),
    ),
  );
}

function positiveId(label: string) {
  return z.number({ error: requiredOrInvalid(label) }).check(z.int(`${label} is invalid`), z.positive(`${label} is invalid`), z.maximum(2_147_483_647, `${label} is invalid`));
}

/** Trimmed and lower-cased: there is no login, purchasers are identified by their email. */
export const emailSchema = lazySchema(() =>
  z.pipe(
    z.string({ error: requiredOrInvalid('email') }).check(z.trim(), z.toLowerCase(), z.minLength(1, 'email is required'), z.maxLength(254, 'email is too long')),
    z.email({ error: 'email is invalid' }),
  ),
);

/** A BCP 47-style tag such as 'en', 'en-US', 'zh-CN' or 'zh-Hans'. */
export const langSchema = lazySchema(() => z.string({ error: requiredOrInvalid('lang') }).check(z.regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'lang is invalid')));

/** An ISO 4217 code. Which currencies have prices is the origin's data, not the contract's. */
export const currencySchema = lazySchema(() => z.string({ error: requiredOrInvalid('currency') }).check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{3}$/, 'currency is invalid')));

export const orderIdSchema = lazySchema(() => z.string({ error: requiredOrInvalid('order id') }).check(z.trim(), z.regex(/^[A-Za-z0-9_-]{6,64}$/, 'order id is invalid')));

/** Ad-click ids (bd_vid) and similar: printable ASCII, no spaces. */
const longCodeSchema = lazySchema(() => requiredText('long code', 512).check(z.regex(/^[\x21-\x7e]+$/, 'long code is invalid')));

// ── The common block ────────────────────────────────────────────────────────────────────────

/** The body's common block of every call; app_id must be 81 (else 4001006). */
export const commonSchema = lazySchema(() =>
  z.object(
    { app_id: z.literal(APP_ID, { error: 'app id is invalid' }), lang: z.optional(langSchema) },
    { error: requiredOrInvalid('common') },
  ),
);
/** For the calls that require common.lang (the licence mail, feedback, both order creations): mail and order language. */
export const commonWithLangSchema = lazySchema(() =>
  z.object(
    { app_id: z.literal(APP_ID, { error: 'app id is invalid' }), lang: langSchema },
    { error: requiredOrInvalid('common') },
  ),
);
export type Common = z.input<typeof commonSchema>;

// ── Shared enumerations ─────────────────────────────────────────────────────────────────────

/** Payment type 1 = stripe, 2 = paypal. */
export const PAY_TYPES = { stripe: 1, paypal: 2 } as const;
export type PayType = (typeof PAY_TYPES)[keyof typeof PAY_TYPES];

/** The payment statuses the origin stores ('unknownError' is the client's own, for a failed query). */
export const PAY_STATUSES = ['paying', 'paid', 'refunding', 'refunded', 'failed'] as const;
export type PayStatus = (typeof PAY_STATUSES)[number];

/** The two package-id tables (A by default, B for search-ad visitors; docs/PRODUCT.md, Package-id tables A and B). */
export const CODE_TABLES = ['A', 'B'] as const;
export type CodeTable = (typeof CODE_TABLES)[number];

export const REPORT_ACTIONS = ['download'] as const;

/** What the customer writes about (the feedback form's first choice; localized as `feedback.ticketTypes.<value>`). */
export const TICKET_TYPES = ['presales', 'license', 'refund', 'recovery', 'bug', 'other'] as const;
/** What the problem concerns (`feedback.problemTypes.<value>`). */
export const PROBLEM_TYPES = ['deleted_files', 'formatted_drive', 'memory_card', 'installation', 'activation', 'payment', 'other'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
export type ProblemType = (typeof PROBLEM_TYPES)[number];
export const MAX_ATTACHMENTS = 5;
/**
 * The key the site's image upload (POST /api/upload) answers: `<draft>/<id>.<ext>`, 32 hex each.
 * The draft is one form's random id (the per-ticket count limit), the id the image's own.
 */
export const UPLOAD_KEY_PATTERN = /^[0-9a-f]{32}\/[0-9a-f]{32}\.(?:png|jpg|webp|gif)$/;
/** The field message of an attachment key that names no image of the sending form (the edge checks the bucket). */
export const ATTACHMENT_NOT_UPLOADED = 'attachment was not uploaded';
export const uploadKeySchema = lazySchema(() => z.string({ error: 'attachment is invalid' }).check(z.regex(UPLOAD_KEY_PATTERN, 'attachment is invalid')));

// ── Request schemas, one per call ───────────────────────────────────────────────────────────

export const reportActionRequestSchema = lazySchema(() =>
  z.object({
    long_code: longCodeSchema,
    action: z.enum(REPORT_ACTIONS, { error: requiredOrInvalid('action') }),
    common: commonSchema,
  }),
);

/**
 * The page an ad click landed on: any http(s) URL, hosts without a dot included,
 * because local runs land on localhost or 127.0.0.1 and must still get a short code.
 */
const landingUrl = (label: string) =>
  z.pipe(
    z.string({ error: requiredOrInvalid(label) }).check(z.trim(), z.maxLength(2048, `${label} is too long`)),
    z.url({ protocol: /^https?$/, error: `${label} is invalid` }),
  );

export const getShortCodeRequestSchema = lazySchema(() =>
  z.object({
    source_url: landingUrl('source url'),
    long_code: longCodeSchema,
    common: commonSchema,
  }),
);

export const sendCdkeyOrderMailRequestSchema = lazySchema(() =>
  z.object({
    email: emailSchema,
    common: commonWithLangSchema,
  }),
);

export const feedbackTicketSchema = lazySchema(() =>
  z.object({
    /** The product the ticket is about (the company has several); defaults to this one. */
    app_id: z.optional(positiveId('app id')),
    ticket_type: z.enum(TICKET_TYPES, { error: requiredOrInvalid('ticket type') }),
    problem_type: z.enum(PROBLEM_TYPES, { error: requiredOrInvalid('problem type') }),
    version: optionalText('version', 64),
    system_version: optionalText('system version', 128),
    device_name: optionalText('device name', 128),
    first_name: requiredText('First Name', 64),
    last_name: requiredText('Last Name', 64),
    /** How the reply addresses the customer; the form fills it from the first and last name. */
    name: requiredText('name', 128),
    email: emailSchema,
    order_number: optionalText('order number', 64),
    subject: requiredText('subject', 200),
    remark: optionalText('remark', 5000),
    /** Keys of images uploaded beforehand through the site (POST /api/upload), at most one each. */
    attachments: z.optional(
      z
        .array(uploadKeySchema, { error: 'attachments is invalid' })
        .check(z.maxLength(MAX_ATTACHMENTS, `at most ${MAX_ATTACHMENTS} attachments`), z.refine((keys: string[]) => new Set(keys).size === keys.length, 'attachments is invalid')),
    ),
  }),
);

export const feedbackAddRequestSchema = lazySchema(() =>
  z.object({
    captcha_id: requiredText('verification code', 64),
    /** The answer typed from the captcha image; compared case-insensitively. */
    captcha: requiredText('verification code', 16),
    data: feedbackTicketSchema,
    common: commonWithLangSchema,
  }),
);

export const feedbackCaptchaRequestSchema = lazySchema(() => z.object({ common: commonSchema }));

export const listGroupRequestSchema = lazySchema(() =>
  z.object({
    currency: currencySchema,
    /** Which package-id table prices the list (A or B); A when absent. */
    code_table: z._default(z.enum(CODE_TABLES, { error: 'code table is invalid' }), 'A'),
    /**
     * Without it: the buy list (the listed plans of the table). With it: exactly these packages
     * of the table, listed or not (the checkout asks for the one it sells, e.g. 81904).
     */
    product_ids: z.optional(z.array(positiveId('product id')).check(z.minLength(1, 'product id is required'), z.maxLength(10))),
    common: commonSchema,
  }),
);

export const activityReceiveRequestSchema = lazySchema(() =>
  z.object({
    activity_id: positiveId('activity id'),
    email: emailSchema,
    /** The installed application's device id, when the page knows it (from the installer link). */
    device_id: optionalText('device id', 128),
    common: commonSchema,
  }),
);

/**
 * The buyer's express request for immediate delivery and acknowledgement of losing the right of
 * withdrawal (src/domain/withdrawal.ts): the two statements as the checkout showed them, in the
 * order's language, and when the box was ticked (epoch seconds). Required from EEA, UK and Swiss
 * buyers (the edge refuses their order without it); never sent for anyone else.
 */
export const withdrawalWaiverSchema = lazySchema(() =>
  z.object(
    {
      accepted: z.literal(true, { error: 'withdrawal waiver is required' }),
      accepted_at: z
        .number({ error: requiredOrInvalid('withdrawal waiver time') })
        .check(z.int('withdrawal waiver time is invalid'), z.positive('withdrawal waiver time is invalid'), z.maximum(4_102_444_800, 'withdrawal waiver time is invalid')),
      text: requiredText('withdrawal waiver text', WAIVER_TEXT_MAX),
    },
    { error: requiredOrInvalid('withdrawal waiver') },
  ),
);
export type WithdrawalWaiver = z.output<typeof withdrawalWaiverSchema>;

export const createOrderRequestSchema = lazySchema(() =>
  z.object({
    product_id: positiveId('product id'),
    currency: currencySchema,
    email: emailSchema,
    withdrawal_waiver: z.optional(withdrawalWaiverSchema),
    common: commonWithLangSchema,
  }),
);
/** The create call's email field alone: the checkout form checks it before anything else is sent. */
export const createOrderEmailSchema = lazySchema(() => z.pick(createOrderRequestSchema, { email: true }));

export const clickPaymentReportRequestSchema = lazySchema(() =>
  z.object({
    order_id: orderIdSchema,
    common: commonSchema,
  }),
);

export const orderQueryRequestSchema = lazySchema(() =>
  z.object({
    order_id: orderIdSchema,
    common: commonSchema,
  }),
);

export const getCdKeyRequestSchema = lazySchema(() =>
  z.object({
    order_id: orderIdSchema,
    /** When given, it must be the order's email (a second factor besides the unguessable id). */
    email: z.optional(emailSchema),
    common: commonSchema,
  }),
);

export const privacyControlAddRequestSchema = lazySchema(() =>
  z.object({
    first_name: requiredText('First Name', 64),
    last_name: requiredText('Last Name', 64),
    email: emailSchema,
    /** ISO 3166-1 alpha-2 country of residence. */
    country: z.optional(z.string({ error: 'country is invalid' }).check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, 'country is invalid'))),
    /** State or province (e.g. for CCPA requests). */
    region: optionalText('region', 64),
    remark: optionalText('remark', 2000),
    common: commonSchema,
  }),
);

/**
 * A buyer withdraws from the contract, or asks for the 30-day money-back refund, for one order
 * (docs/UPSTREAM.md, Withdrawal). The email must be the order's: the two together identify the
 * buyer, as nobody logs in. `common.lang` is the acknowledgement mail's language.
 */
export const WITHDRAWAL_REASON_MAX = 1000;
export const withdrawalRequestSchema = lazySchema(() =>
  z.object({
    email: emailSchema,
    // Typed by the buyer: a blank field is 'required', not 'invalid' (orderIdSchema's other callers send ids they were given).
    order_id: z
      .string({ error: requiredOrInvalid('order id') })
      .check(z.trim(), z.minLength(1, { error: 'order id is required', abort: true }), z.regex(/^[A-Za-z0-9_-]{6,64}$/, 'order id is invalid')),
    reason: optionalText('reason', WITHDRAWAL_REASON_MAX),
    common: commonWithLangSchema,
  }),
);

// ── Response data, one type per call (the envelope's fields sit beside these) ────────────────

export type EmptyData = Record<string, never>;

export interface ShortCodeData {
  short_code: string;
}

export interface FeedbackAddData {
  ticket_id: string;
}

export interface CaptchaData {
  captcha_id: string;
  /** An SVG image as a data URL (data:image/svg+xml;base64,…); the answer is never in the JSON. */
  image: string;
  /** Epoch seconds after which the captcha is refused. */
  expire_time: number;
  expires_in: number;
}

/** A plan of the buy list; amounts are integers in minor units of `currency` (JPY has none: 3980 = ¥3,980). */
export interface Plan {
  product_id: number;
  title: string;
  subTitle: string;
  order: number;
  link: string;
  price: number;
  /** The upstream's list price. Never shown as a reference price: see lowest_price_30d. */
  origin_price: number;
  currency: string;
  accessList: string[];
  /** When the current price took effect, epoch seconds (null or absent: unknown). */
  price_since?: number | null;
  /**
   * The lowest price charged for this plan and currency in the 30 days before `price_since`: the
   * only price a reduction may be shown against (src/domain/reference-price.ts). null or absent:
   * no earlier price is known.
   */
  lowest_price_30d?: number | null;
}

export interface ListGroupData {
  currency: string;
  code_table: CodeTable;
  list: Plan[];
}

export interface ActivityReceiveData {
  activity_id: number;
  email: string;
  cd_key: string;
}

interface CreatedOrder {
  order_id: string;
  pay_type: PayType;
  product_id: number;
  currency: string;
  amount: number;
  /** Secret the payment step presents; in test mode it goes to POST /test-payments/confirm. */
  client_secret: string;
  /** True when payments go through the origin's local test mode instead of the provider. */
  test_mode: boolean;
}
export interface StripeCreateOrderData extends CreatedOrder {
  payment_intent_id: string;
}
export interface PaypalCreateOrderData extends CreatedOrder {
  paypal_order_id: string;
}

export interface OrderQueryData {
  order_id: string;
  pay_type: PayType;
  pay_status: PayStatus;
  product_id: number;
  currency: string;
  amount: number;
  /** Epoch seconds. */
  created_at: number;
  paid_at: number | null;
}

export interface CdKeyData {
  order_id: string;
  product_id: number;
  cd_key: string;
}

export interface PrivacyControlAddData {
  request_id: string;
}

export interface WithdrawalRequestData {
  /** The upstream's reference of the request (the same for every repeat of it). */
  request_id: string;
  order_id: string;
  /** Epoch seconds at which the upstream first received a request for this order. */
  received_at: number;
  /** True when this order's request had been received before: nothing new was recorded or mailed. */
  already_received: boolean;
  /** The order's payment status when the request was answered (a refund may already be under way). */
  pay_status: PayStatus;
}

// ── The call table ──────────────────────────────────────────────────────────────────────────

/** The request schema of every allowed upstream path, as the origin serves them. */
export const API_REQUEST_SCHEMAS = {
  '/ocpc/report_action': reportActionRequestSchema,
  '/ocpc/get_short_code': getShortCodeRequestSchema,
  '/pay/send_cdkey_order_mail': sendCdkeyOrderMailRequestSchema,
  '/feedback/add': feedbackAddRequestSchema,
  '/feedback/captcha': feedbackCaptchaRequestSchema,
  '/paypackagebase/list_group': listGroupRequestSchema,
  '/activity/receive': activityReceiveRequestSchema,
  '/payv2/stripe/elements/create_cdkey_order': createOrderRequestSchema,
  '/pay/click_payment_report': clickPaymentReportRequestSchema,
  '/mingtingvip/payv2/stripe/order/query': orderQueryRequestSchema,
  '/mingtingvip/payv2/paypal/create_cdkey_order': createOrderRequestSchema,
  '/mingtingvip/payv2/paypal/order/query': orderQueryRequestSchema,
  '/pay/get_cd_key': getCdKeyRequestSchema,
  '/privacy_control/add': privacyControlAddRequestSchema,
  '/pay/withdrawal_request': withdrawalRequestSchema,
} as const;

export type ApiPath = keyof typeof API_REQUEST_SCHEMAS;
export const API_PATHS = Object.keys(API_REQUEST_SCHEMAS) as ApiPath[];

export function isApiPath(path: string): path is ApiPath {
  return Object.hasOwn(API_REQUEST_SCHEMAS, path);
}

/** What the client sends to `P` (defaults not yet applied). */
export type ApiRequest<P extends ApiPath> = z.input<(typeof API_REQUEST_SCHEMAS)[P]>;
/** What the origin works with after parsing (trimmed, lower-cased, defaults applied). */
export type ApiParsedRequest<P extends ApiPath> = z.output<(typeof API_REQUEST_SCHEMAS)[P]>;

export interface ApiResponseDataMap {
  '/ocpc/report_action': EmptyData;
  '/ocpc/get_short_code': ShortCodeData;
  '/pay/send_cdkey_order_mail': EmptyData;
  '/feedback/add': FeedbackAddData;
  '/feedback/captcha': CaptchaData;
  '/paypackagebase/list_group': ListGroupData;
  '/activity/receive': ActivityReceiveData;
  '/payv2/stripe/elements/create_cdkey_order': StripeCreateOrderData;
  '/pay/click_payment_report': EmptyData;
  '/mingtingvip/payv2/stripe/order/query': OrderQueryData;
  '/mingtingvip/payv2/paypal/create_cdkey_order': PaypalCreateOrderData;
  '/mingtingvip/payv2/paypal/order/query': OrderQueryData;
  '/pay/get_cd_key': CdKeyData;
  '/privacy_control/add': PrivacyControlAddData;
  '/pay/withdrawal_request': WithdrawalRequestData;
}
export type ApiResponseData<P extends ApiPath> = ApiResponseDataMap[P];

// ── Envelopes ───────────────────────────────────────────────────────────────────────────────

/**
 * The contract has two envelopes. The /mingtingvip/payv2/ calls (the PayPal order creation and both
 * order queries) answer `{result: {status, msg}, ...data}`; every other call answers
 * `{resp_common: {ret, msg}, ...data}`. 0 means success in both.
 */
export type EnvelopeStyle = 'resp_common' | 'result';

export function envelopeStyle(path: string): EnvelopeStyle {
  return path.startsWith('/mingtingvip/payv2/') ? 'result' : 'resp_common';
}

export interface FieldError {
  field: string;
  message: string;
}

export type RespCommonEnvelope<T = EmptyData> = { resp_common: { ret: number; msg: string }; errors?: FieldError[] } & T;
export type ResultEnvelope<T = EmptyData> = { result: { status: number; msg: string }; errors?: FieldError[] } & T;

const respCommonHeadSchema = lazySchema(() => z.looseObject({ resp_common: z.object({ ret: z.number().check(z.int()), msg: z.string() }) }));
const resultHeadSchema = lazySchema(() => z.looseObject({ result: z.object({ status: z.number().check(z.int()), msg: z.string() }) }));
/** Either envelope, data fields passed through. */
export const envelopeSchema = lazySchema(() => z.union([respCommonHeadSchema, resultHeadSchema]));

/** The (code, message) of either envelope, or null when `body` is not an envelope. */
export function readEnvelope(body: unknown): { code: number; msg: string } | null {
  const respCommon = respCommonHeadSchema.safeParse(body);
  if (respCommon.success) return { code: respCommon.data.resp_common.ret, msg: respCommon.data.resp_common.msg };
  const result = resultHeadSchema.safeParse(body);
  if (result.success) return { code: result.data.result.status, msg: result.data.result.msg };
  return null;
}

// ── The collection host (tracking beacon batches) ───────────────────────────────────────────

export const COLLECT_PATH = '/collect';
/**
 * Events per POST /collect. The consumer reads up to 10 packets of 200, so a queue batch is at
 * most four posts; each post has a fixed cost at the host (a request, its checks, a transaction).
 */
export const MAX_COLLECT_BATCH = 500;

/** A report field as it may arrive from a query string or JSON: kept as text. */
const reportField = lazySchema(() =>
  z.optional(
    z.pipe(
      z.union([z.string().check(z.maxLength(512)), z.number(), z.boolean()]),
      z.transform((v: string | number | boolean) => String(v)),
    ),
  ),
);

const epochNumber = (label: string) =>
  z.union([
    z.number({ error: requiredOrInvalid(label) }).check(z.int(), z.nonnegative()),
    z.pipe(z.string().check(z.regex(/^\d{1,16}$/, `${label} is invalid`)), z.transform(Number)),
  ]);

/** A Web Vitals timing in whole milliseconds, from a query string or a number. */
const vitalMs = (label: string) =>
  z.optional(
    z.pipe(
      z.union([z.number(), z.pipe(z.string().check(z.regex(/^\d{1,7}$/, `${label} is invalid`)), z.transform(Number))], { error: `${label} is invalid` }),
      z.number().check(z.int(`${label} is invalid`), z.minimum(0, `${label} is invalid`), z.maximum(VITAL_MAX_MS, `${label} is invalid`)),
    ),
  );

/** Cumulative Layout Shift: unitless, at most six decimals in a query string. */
const clsScore = () =>
  z.optional(
    z.pipe(
      z.union([z.number(), z.pipe(z.string().check(z.regex(/^\d{1,3}(?:\.\d{1,6})?$/, 'cls is invalid')), z.transform(Number))], { error: 'cls is invalid' }),
      z.number().check(z.minimum(0, 'cls is invalid'), z.maximum(100, 'cls is invalid')),
    ),
  );

/** The fields of a vitals report (action 'vitals'; src/domain/vitals.ts). */
const vitalsShape = () => ({
  lcp: vitalMs('lcp'),
  inp: vitalMs('inp'),
  cls: clsScore(),
  ttfb: vitalMs('ttfb'),
  nav: z.optional(z.enum(NAVIGATION_TYPES, { error: 'nav is invalid' })),
  locale: z.optional(z.enum(LOCALES as readonly string[] as [string, ...string[]], { error: 'locale is invalid' })),
  device: z.optional(z.enum(DEVICE_CLASSES, { error: 'device is invalid' })),
});

/** The tracking report fields (docs/PRODUCT.md, Tracking report). (uuid, time_, action, tryno) identifies an event. */
export const beaconEventSchema = lazySchema(() =>
  z.object({
    uuid: requiredText('uuid', 64),
    time_: epochNumber('time_'),
    action: requiredText('action', 64),
    tryno: z._default(epochNumber('tryno'), 0),
    business_index: reportField,
    cid: reportField,
    item_id: reportField,
    page_id: reportField,
    btn_id: reportField,
    from_: reportField,
    step: reportField,
    indent: reportField,
    result: reportField,
    pkg_type: reportField,
    user_info: reportField,
    pay: reportField,
    collect_time: z.optional(epochNumber('collect_time')),
    tid1: reportField,
    tid2: reportField,
    ...vitalsShape(),
  }),
);
export type BeaconEvent = z.input<typeof beaconEventSchema>;

/** cf.country (ISO 3166-1 alpha-2, or Cloudflare's XX / T1) and cf.colo (an IATA code) as stored. */
export const CF_COUNTRY_PATTERN = /^[A-Z0-9]{2}$/;
export const CF_COLO_PATTERN = /^[A-Z0-9]{2,8}$/;

/** What only the edge knows about an event it accepted (src/routes/beacon.ts adds it). Never the IP. */
export const edgeFactsSchema = lazySchema(() =>
  z.object({
    /** Epoch milliseconds at the edge. */
    received_at: z.number({ error: 'received_at is invalid' }).check(z.int(), z.nonnegative()),
    /** SHA-256 of IP + salt + UTC day, 128 bits in hex: never the IP. */
    client_id: z.string({ error: 'client_id is invalid' }).check(z.regex(/^[0-9a-f]{32}$/, 'client_id is invalid')),
    /** null when unknown. */
    country: z.nullable(z.string({ error: 'country is invalid' }).check(z.regex(CF_COUNTRY_PATTERN, 'country is invalid'))),
    colo: z.nullable(z.string({ error: 'colo is invalid' }).check(z.regex(CF_COLO_PATTERN, 'colo is invalid'))),
    /** isbot on the User-Agent. */
    is_bot: z.boolean({ error: 'is_bot is invalid' }),
  }),
);
export type EdgeFacts = z.output<typeof edgeFactsSchema>;

/**
 * An event as the site's queue consumer posts it: the report fields plus the edge facts, all of
 * them or none (a bare event still counts).
 */
export const collectEventSchema = lazySchema(() => {
  const edgeFactKeys = Object.keys(edgeFactsSchema.shape) as (keyof EdgeFacts)[];
  return z.extend(beaconEventSchema, z.partial(edgeFactsSchema).shape).check(
    z.refine((event: { [K in keyof EdgeFacts]?: EdgeFacts[K] }) => [0, edgeFactKeys.length].includes(edgeFactKeys.filter((key) => event[key] !== undefined).length), {
      message: 'the edge facts come all together or not at all',
      path: ['client_id'],
    }),
  );
});

export const collectBatchSchema = lazySchema(() =>
  z.object({
    events: z.array(collectEventSchema).check(z.minLength(1, 'events is required'), z.maxLength(MAX_COLLECT_BATCH, 'too many events')),
  }),
);
export type CollectBatch = z.input<typeof collectBatchSchema>;

/** A token-like report value (ids, names, paths): no spaces, quotes or markup. */
const reportToken = (label: string, max: number) =>
  z.string({ error: `${label} is invalid` }).check(z.maxLength(max, `${label} is too long`), z.regex(/^[A-Za-z0-9_.:/-]+$/, `${label} is invalid`));

/** Milliseconds since the epoch (13 digits: 2001–2286), from a query string or a number. */
const msEpoch = (label: string) =>
  z.pipe(
    z.union([z.number(), z.pipe(z.string().check(z.regex(/^\d{13}$/, `${label} is invalid`)), z.transform(Number))], { error: requiredOrInvalid(label) }),
    z.number().check(z.int(`${label} is invalid`), z.minimum(1e12, `${label} is invalid`), z.maximum(9_999_999_999_999, `${label} is invalid`)),
  );

const smallCount = (label: string, max: number) =>
  z.pipe(
    z.union([z.number(), z.pipe(z.string().check(z.regex(/^\d{1,3}$/, `${label} is invalid`)), z.transform(Number))], { error: `${label} is invalid` }),
    z.number().check(z.int(`${label} is invalid`), z.minimum(0, `${label} is invalid`), z.maximum(max, `${label} is invalid`)),
  );

const tidField = (label: string) =>
  z.pipe(z.union([z.number().check(z.int()), z.string().check(z.regex(/^[1-9]\d{0,3}$/, `${label} is invalid`))], { error: requiredOrInvalid(label) }), z.transform(String));

/**
 * The beacon as the site's edge accepts it (GET /beacon?<fields>): beaconEventSchema's fields
 * with the site's own rules — allowed values, token characters, tight lengths — and no unknown
 * keys. Its output is a valid collectBatchSchema event, so the consumer forwards it as is.
 */
export const edgeBeaconSchema = lazySchema(() =>
  z
    .strictObject(
      {
        ...beaconEventSchema.shape,
        // The visitor id and the channel follow the campaign rule the pages and links use.
        uuid: z.string({ error: requiredOrInvalid('uuid') }).check(z.refine((value: string) => isValidCampaignValue('uuid', value), 'uuid is invalid')),
        time_: msEpoch('time_'),
        action: z.string({ error: requiredOrInvalid('action') }).check(z.regex(/^[a-z][a-z0-9_]{0,31}$/, 'action is invalid')),
        tryno: z._default(smallCount('tryno', 20), 0),
        business_index: z.enum(BUSINESS_INDEXES.map(String) as [string, ...string[]], { error: requiredOrInvalid('business_index') }),
        cid: z.literal(String(TRACKING_PRODUCT_ID), { error: requiredOrInvalid('cid') }),
        item_id: z.optional(reportToken('item_id', 64)),
        page_id: z.optional(reportToken('page_id', 128)),
        btn_id: z.optional(reportToken('btn_id', 64)),
        from_: z.optional(z.string({ error: 'from_ is invalid' }).check(z.refine((value: string) => isValidCampaignValue('from', value), 'from_ is invalid'))),
        step: z.optional(reportToken('step', 64)),
        indent: z.optional(reportToken('indent', 64)),
        result: z.optional(reportToken('result', 64)),
        pkg_type: z.optional(reportToken('pkg_type', 64)),
        user_info: z.optional(
          z.string({ error: 'user_info is invalid' }).check(z.maxLength(256, 'user_info is too long'), z.regex(/^[^\u0000-\u001f\u007f<>]*$/, 'user_info is invalid')),
        ),
        pay: z.optional(reportToken('pay', 64)),
        collect_time: z.optional(msEpoch('collect_time')),
        tid1: tidField('tid1'),
        tid2: tidField('tid2'),
      },
      // The key names are not echoed: they are the visitor's input.
      { error: (issue) => (issue.code === 'unrecognized_keys' ? 'unknown field' : undefined) },
    )
    .check(
      z.refine((event: { tid1: string; tid2: string }) => isKnownTidPair(Number(event.tid1), Number(event.tid2)), { message: 'tid1 and tid2 are not a known pair', path: ['tid2'] }),
      // A vitals report says how the page was reached, in which locale, and at least one timing;
      // no other report carries any of it.
      z.refine((event: VitalsCarrier) => event.action !== VITALS_ACTION || (event.nav !== undefined && event.locale !== undefined && [event.lcp, event.inp, event.cls, event.ttfb].some((v) => v !== undefined)), {
        message: 'a vitals report needs nav, locale and a timing',
        path: ['nav'],
      }),
      z.refine((event: VitalsCarrier) => event.action === VITALS_ACTION || VITALS_FIELDS.every((field) => event[field] === undefined), {
        message: 'only a vitals report carries vitals fields',
        path: ['action'],
      }),
    ),
);
type VitalsCarrier = { action: string } & Partial<Record<(typeof VITALS_FIELDS)[number], unknown>>;
export type EdgeBeaconEvent = z.output<typeof edgeBeaconSchema>;

export interface CollectData {
  /** Events newly stored. */
  stored: number;
  /** Events already stored by an earlier (retried) batch. */
  duplicates: number;
}

// ── The origin's local test payment mode (outside production only) ─────────────────────────

export const TEST_PAYMENT_CONFIRM_PATH = '/test-payments/confirm';
export const TEST_PAYMENT_REFUND_PATH = '/test-payments/refund';

export const testPaymentConfirmRequestSchema = lazySchema(() =>
  z.object({
    order_id: orderIdSchema,
    client_secret: requiredText('client secret', 200),
    /** Digits with optional spaces or dashes; outcomes follow Stripe's test cards. */
    card_number: z.pipe(
      z.pipe(
        z.string({ error: requiredOrInvalid('card number') }),
        z.transform((s: string) => s.replace(/[\s-]/g, '')),
      ),
      z.string().check(z.regex(/^\d{12,19}$/, 'card number is invalid')),
    ),
  }),
);
export type TestPaymentConfirmRequest = z.input<typeof testPaymentConfirmRequestSchema>;

export interface TestPaymentConfirmData {
  order_id: string;
  pay_status: PayStatus;
  /** Stripe-style reason when the payment failed. */
  decline_code?: string;
}

export const testPaymentRefundRequestSchema = lazySchema(() =>
  z.object({
    order_id: orderIdSchema,
    status: z.enum(['refunding', 'refunded'], { error: requiredOrInvalid('status') }),
  }),
);
export type TestPaymentRefundRequest = z.input<typeof testPaymentRefundRequestSchema>;
