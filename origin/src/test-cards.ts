// The local test payment mode decides outcomes by card number, like Stripe's test cards
// (https://docs.stripe.com/testing). Any other number is declined, as Stripe's test mode
// declines real cards.

export type CardOutcome =
  | { paid: true }
  | { paid: false; declineCode: string; error: 'PAYMENT_DECLINED' | 'INSUFFICIENT_FUNDS'; msg?: string };

const declined = (declineCode: string, msg?: string): CardOutcome => ({ paid: false, declineCode, error: 'PAYMENT_DECLINED', msg });

export const TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': { paid: true }, // Visa
  '5555555555554444': { paid: true }, // Mastercard
  '4000000000000002': declined('card_declined'),
  '4000000000009995': { paid: false, declineCode: 'insufficient_funds', error: 'INSUFFICIENT_FUNDS' },
  '4000000000000069': declined('expired_card', 'Your card has expired'),
  '4000000000000127': declined('incorrect_cvc', "Your card's security code is incorrect"),
};

export function cardOutcome(cardNumber: string): CardOutcome {
  return TEST_CARDS[cardNumber] ?? declined('card_declined', 'Your card was declined. Use a test card in test mode.');
}
