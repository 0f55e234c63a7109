/**
 * Text bound for a log line, with what could identify a visitor or their card taken out: email
 * addresses (also percent-encoded) become "<email>", and card numbers as they are written (13 to
 * 19 digits, spaces or dashes between them, passing the Luhn check that every card number passes)
 * become "<card number>". For error messages, stacks and paths, whose text can quote a visitor's
 * input: V8's JSON.parse errors quote the text they failed on, and a path is whatever the visitor
 * typed. Order numbers (MT…) and most timestamps stay readable.
 */
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/gi;
const CARD_NUMBER = /(?<![\dA-Za-z])\d(?:[ -]?\d){12,18}(?![\dA-Za-z])/g;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export function redactForLog(text: string): string {
  return text.replace(EMAIL, '<email>').replace(CARD_NUMBER, (match) => (passesLuhn(match.replace(/[ -]/g, '')) ? '<card number>' : match));
}
