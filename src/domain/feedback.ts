// Pure helpers of the feedback form (client/islands/FeedbackForm.tsx): its fields, the request it
// sends, validation with the shared schema (passed in, as in form.ts) and the field messages in
// the page's language, the prefill from the query and from what the browser says about itself.
import type { Translate } from '../i18n/translator';
import type { FieldErrors } from './form';

/** The form's input names in the order they appear (the first invalid one gets the focus). */
export const FEEDBACK_FIELDS = [
  'ticket_type',
  'problem_type',
  'first_name',
  'last_name',
  'name',
  'email',
  'order_number',
  'subject',
  'remark',
  'version',
  'system_version',
  'device_name',
  'attachments',
  'captcha',
] as const;
export type FeedbackField = (typeof FEEDBACK_FIELDS)[number];

/** The contract's field messages and the length bounds of api-schemas.ts → `feedback.errors` keys. */
const MESSAGE_KEYS: Record<string, string> = {
  'name is required': 'nameRequired',
  'name is too long': 'nameTooLong',
  'subject is required': 'subjectRequired',
  'subject is too long': 'subjectTooLong',
  'email is required': 'emailRequired',
  'email is invalid': 'emailInvalid',
  'email is too long': 'emailTooLong',
  'First Name is required': 'firstNameRequired',
  'First Name is too long': 'firstNameTooLong',
  'Last Name is required': 'lastNameRequired',
  'Last Name is too long': 'lastNameTooLong',
  'verification code is required': 'captchaRequired',
  'verification code is too long': 'captchaTooLong',
  'ticket type is required': 'ticketTypeRequired',
  'problem type is required': 'problemTypeRequired',
  'remark is too long': 'remarkTooLong',
  'order number is too long': 'orderNumberTooLong',
  'version is too long': 'versionTooLong',
  'system version is too long': 'systemVersionTooLong',
  'device name is too long': 'deviceNameTooLong',
  'attachment is invalid': 'attachmentsInvalid',
  'attachments is invalid': 'attachmentsInvalid',
  'at most 5 attachments': 'attachmentsInvalid',
  'attachment was not uploaded': 'attachmentsNotUploaded',
};

export function localizeFeedbackMessage(message: string, t: Translate): string {
  const key = MESSAGE_KEYS[message];
  return key ? t(`feedback.errors.${key}`) : message;
}

/** The form field an issue of the request belongs to: `data.email` → email, `captcha_id` → captcha. */
export function fieldOfPath(path: readonly PropertyKey[]): FeedbackField | null {
  const [head, second] = path.map(String);
  const name = head === 'data' ? second : head === 'captcha_id' ? 'captcha' : head;
  return (FEEDBACK_FIELDS as readonly string[]).includes(name ?? '') ? (name as FeedbackField) : null;
}

export interface FeedbackValues {
  [field: string]: string;
}

/** The /feedback/add payload (without common, which the proxy adds) from the form's values. */
export function feedbackPayload(values: FeedbackValues, captchaId: string, attachments: readonly string[]) {
  return {
    captcha_id: captchaId,
    captcha: values['captcha'] ?? '',
    data: {
      // An unchosen select is absent, so the schema says 'ticket type is required', not 'invalid'.
      ticket_type: values['ticket_type'] || undefined,
      problem_type: values['problem_type'] || undefined,
      first_name: values['first_name'] ?? '',
      last_name: values['last_name'] ?? '',
      name: values['name'] ?? '',
      email: values['email'] ?? '',
      order_number: values['order_number'] ?? '',
      subject: values['subject'] ?? '',
      remark: values['remark'] ?? '',
      version: values['version'] ?? '',
      system_version: values['system_version'] ?? '',
      device_name: values['device_name'] ?? '',
      ...(attachments.length > 0 ? { attachments: [...attachments] } : {}),
    },
  };
}

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}
interface SchemaLike<Out> {
  safeParse(input: unknown): { success: true; data: Out } | { success: false; error: { issues: readonly IssueLike[] } };
}

/** Field errors (first per field, localized) of a payload, with the schema the proxy and the origin use. */
export function validateFeedback<Out>(schema: SchemaLike<Out>, payload: object, t: Translate): { ok: true; data: Out } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse({ ...payload, common: { app_id: 81, lang: 'en-US' } });
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: issuesToErrors(parsed.error.issues, t) };
}

/** Issues (the schema's, or a server answer's `errors` as {field, message}) → one localized message per field. */
export function issuesToErrors(issues: readonly IssueLike[], t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOfPath(issue.path) ?? 'form';
    if (!(field in errors)) errors[field] = localizeFeedbackMessage(issue.message, t);
  }
  return errors;
}

/** How the reply addresses the customer, from the two names, in the page's language's order. */
export function composeName(first: string, last: string, locale: string): string {
  const f = first.trim();
  const l = last.trim();
  if (locale === 'zh-CN') return `${l}${f}`;
  if (locale === 'ja-JP') return [l, f].filter(Boolean).join(' ');
  return [f, l].filter(Boolean).join(' ');
}

/** What the page prefills from its query (/feedback carries the query along): only values the form can use. */
export function prefillFromQuery(query: URLSearchParams, ticketTypes: readonly string[]): { ticket_type?: string; order_number?: string; email?: string } {
  const out: { ticket_type?: string; order_number?: string; email?: string } = {};
  const ticketType = query.get('ticket_type');
  if (ticketType && ticketTypes.includes(ticketType)) out.ticket_type = ticketType;
  const orderId = query.get('order_id') ?? query.get('order_number');
  if (orderId && /^[A-Za-z0-9_-]{1,64}$/.test(orderId)) out.order_number = orderId;
  const email = query.get('email');
  if (email && email.length <= 254 && /^[^\s@<>"]+@[^\s@<>"]+$/.test(email)) out.email = email;
  return out;
}

interface UADataLike {
  platform?: string;
  mobile?: boolean;
  getHighEntropyValues?: (hints: string[]) => Promise<{ platformVersion?: string; model?: string }>;
}

/** The operating system and device as the browser tells them (User-Agent Client Hints when there are some). */
export async function describeSystem(nav: { userAgent: string; userAgentData?: UADataLike }): Promise<{ system: string; device: string }> {
  const ua = nav.userAgent;
  let system = '';
  let model = '';
  const data = nav.userAgentData;
  if (data?.getHighEntropyValues) {
    try {
      const high = await data.getHighEntropyValues(['platformVersion', 'model']);
      model = high.model ?? '';
      if (data.platform === 'Windows' && high.platformVersion) {
        // Windows 11 reports platform versions from 13 up; 10 reports 1 to 10 (0 is 7/8.x).
        const major = Number(high.platformVersion.split('.')[0]);
        system = major >= 13 ? 'Windows 11' : major > 0 ? 'Windows 10' : 'Windows 7/8';
      } else if (data.platform && high.platformVersion) {
        system = `${data.platform} ${high.platformVersion}`;
      }
    } catch {
      // Hints refused: the User-Agent below still says something.
    }
  }
  if (!system) {
    const windows = /Windows NT (\d+\.\d+)/.exec(ua)?.[1];
    const names: Record<string, string> = { '10.0': 'Windows 10/11', '6.3': 'Windows 8.1', '6.2': 'Windows 8', '6.1': 'Windows 7' };
    if (windows) system = names[windows] ?? `Windows NT ${windows}`;
    else if (/Android (\d+(?:\.\d+)?)/.test(ua)) system = `Android ${/Android (\d+(?:\.\d+)?)/.exec(ua)![1]}`;
    else if (/(iPhone|iPad).*OS (\d+)_(\d+)/.test(ua)) {
      const m = /OS (\d+)_(\d+)/.exec(ua)!;
      system = `iOS ${m[1]}.${m[2]}`;
    } else if (/Mac OS X (\d+)[._](\d+)/.test(ua)) {
      const m = /Mac OS X (\d+)[._](\d+)/.exec(ua)!;
      system = `macOS ${m[1]}.${m[2]}`;
    } else if (/Linux/.test(ua)) system = 'Linux';
  }
  const browser = /Edg\/(\d+)/.exec(ua) ? `Edge ${/Edg\/(\d+)/.exec(ua)![1]}` : /Chrome\/(\d+)/.exec(ua) ? `Chrome ${/Chrome\/(\d+)/.exec(ua)![1]}` : /Firefox\/(\d+)/.exec(ua) ? `Firefox ${/Firefox\/(\d+)/.exec(ua)![1]}` : /Version\/(\d+).*Safari/.exec(ua) ? `Safari ${/Version\/(\d+)/.exec(ua)![1]}` : '';
  const kind = model || (/iPhone/.test(ua) ? 'iPhone' : /iPad/.test(ua) ? 'iPad' : data?.mobile || /Mobile/.test(ua) ? 'Phone' : 'PC');
  const device = [kind, browser].filter(Boolean).join(' · ');
  return { system: system.slice(0, 128), device: device.slice(0, 128) };
}
