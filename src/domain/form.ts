// Pure helpers of the email forms (licence code, trial code, do-not-sell, withdrawal), shared by the islands and
// the edge proxy: field messages in the page's language, validation with the shared zod schemas
// (passed in, so this file does not pull zod into any bundle by itself), the forms' DOM ids.
import type { Translate } from '../i18n/translator';

/** The <form id> of each form page: the no-JS POST fallback sends the visitor back to it. */
export const FORM_IDS = {
  'license-code': 'license-code-form',
  'trial-code': 'trial-code-form',
  'do-not-sell-my-info': 'do-not-sell-form',
  feedback: 'feedback-form',
  withdraw: 'withdraw-form',
} as const;

/**
 * The field messages of api-schemas.ts (the contract's wording, in English) → their
 * `ui.forms.errors` key. A message outside this table is shown as the server wrote it.
 */
const FIELD_MESSAGE_KEYS: Record<string, string> = {
  'email is required': 'ui.forms.errors.emailRequired',
  'email is invalid': 'ui.forms.errors.emailInvalid',
  'email is too long': 'ui.forms.errors.emailTooLong',
  'First Name is required': 'ui.forms.errors.firstNameRequired',
  'First Name is too long': 'ui.forms.errors.firstNameTooLong',
  'Last Name is required': 'ui.forms.errors.lastNameRequired',
  'Last Name is too long': 'ui.forms.errors.lastNameTooLong',
  'order id is required': 'ui.forms.errors.orderIdRequired',
  'order id is invalid': 'ui.forms.errors.orderIdInvalid',
  'reason is too long': 'ui.forms.errors.reasonTooLong',
  'withdrawal waiver is required': 'checkout.waiver.required',
};

export function localizeFieldMessage(message: string, t: Translate): string {
  const key = FIELD_MESSAGE_KEYS[message];
  return key ? t(key) : message;
}

/** Whether a field error's message is one of the contract's, as the schemas and the origin word them. */
export function isKnownFieldMessage(message: string): boolean {
  return Object.hasOwn(FIELD_MESSAGE_KEYS, message);
}

/** Locales whose forms ask for the family name before the given name (Japanese, Chinese and Korean). */
export const FAMILY_NAME_FIRST: ReadonlySet<string> = new Set(['ja-JP', 'zh-CN', 'zh-TW', 'ko-KR']);

export type FieldErrors = Record<string, string>;

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

interface SchemaLike<Out> {
  safeParse(input: unknown): { success: true; data: Out } | { success: false; error: { issues: readonly IssueLike[] } };
}

/**
 * Validates a form's values with the call's schema (the same one the proxy and the origin use).
 * `common` is filled in as the proxy will; only errors of `fields` are reported (first per field),
 * in the page's language.
 */
export function validateForm<Out>(
  schema: SchemaLike<Out>,
  values: Record<string, unknown>,
  fields: readonly string[],
  t: Translate,
): { ok: true; data: Out } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse({ ...values, common: { app_id: 81, lang: 'en-US' } });
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (fields.includes(field) && !(field in errors)) errors[field] = localizeFieldMessage(issue.message, t);
  }
  // An issue outside the visible fields (a bad hidden value) still blocks the send, on the first field.
  if (Object.keys(errors).length === 0) errors[fields[0] ?? 'form'] = localizeFieldMessage(parsed.error.issues[0]?.message ?? '', t);
  return { ok: false, errors };
}

/** Field errors of a server answer (`errors: [{field, message}]`), limited to `fields`, localized. */
export function serverFieldErrors(errors: readonly { field: string; message: string }[], fields: readonly string[], t: Translate): FieldErrors {
  const out: FieldErrors = {};
  for (const { field, message } of errors) {
    const name = field.split('.')[0] ?? field;
    if (fields.includes(name) && !(name in out)) out[name] = localizeFieldMessage(message, t);
  }
  return out;
}

/** The trimmed text values of `fields` in a form (uncontrolled inputs: the DOM holds the truth). */
export function readFields(form: HTMLFormElement, fields: readonly string[]): Record<string, string> {
  const data = new FormData(form);
  const out: Record<string, string> = {};
  for (const field of fields) {
    const value = data.get(field);
    out[field] = typeof value === 'string' ? value : '';
  }
  return out;
}

/**
 * Copies text: the Clipboard API when the page may use it, else a hidden textarea and
 * execCommand('copy'). Resolves to whether either worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unavailable (an insecure context, a permission policy): try the fallback.
  }
  if (typeof document === 'undefined') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'visually-hidden';
  const active = document.activeElement as HTMLElement | null;
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  active?.focus();
  return copied;
}
