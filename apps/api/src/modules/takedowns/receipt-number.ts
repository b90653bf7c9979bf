import { randomInt } from 'node:crypto';

/**
 * A 削除の申し出's 受付番号 (docs/moderation.md#receipt-numbers): eight characters in two groups
 * of four, such as 「K7MX-3RPA」, short enough to read out over the phone or type from a mail.
 * Drawn at random from 22 characters that are hard to mistake for one another, seen or heard:
 * no 0/O/Q, no 1/I/L, no 2/Z, no 5/S, no 8/B, no U/V. A number says nothing about when it was
 * made or how many others there are, and guessing someone else's is one chance in
 * 22⁸ ≈ 5 × 10¹⁰ per try. The id stays the row's key; the number is what people are shown.
 */
export const RECEIPT_ALPHABET = '34679ACDEFGHJKMNPRTWXY';
const GROUP = 4;

export function newReceiptNumber(): string {
  const pick = () => RECEIPT_ALPHABET[randomInt(RECEIPT_ALPHABET.length)];
  const group = () => Array.from({ length: GROUP }, pick).join('');
  return `${group()}-${group()}`;
}

/** The shape of a receipt number, e.g. for a test or a search box. */
export const RECEIPT_NUMBER_PATTERN = new RegExp(
  `^[${RECEIPT_ALPHABET}]{${GROUP}}-[${RECEIPT_ALPHABET}]{${GROUP}}$`,
);
