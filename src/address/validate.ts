/**
 * Checkout field checks (checkout.md §5 "Checkout fields"): required, e-mail and phone. Pure, and
 * linear in the input's length whatever it holds (no backtracking regular expression: a hostile
 * paste of 100,000 characters is answered at once).
 */

export type FieldProblem = 'required' | 'email' | 'phone';

/** What a field's value must be: required or not, and what kind of value it holds. */
export interface FieldCheck {
  required: boolean;
  /** `email` and `phone` fields get their format checked when non-empty. */
  type?: 'email' | 'phone' | 'text' | 'checkbox';
}

/**
 * The field's first problem, or null when it is valid: a required field may not be empty (a
 * checkbox: unticked, passed as ''); an e-mail or phone, when given, must have its format.
 */
export function fieldProblem(value: string, check: FieldCheck): FieldProblem | null {
  const empty = value.trim() === '';
  if (check.required && empty) return 'required';
  if (empty) return null;
  if (check.type === 'email' && !isEmail(value.trim())) return 'email';
  if (check.type === 'phone' && !isPhone(value)) return 'phone';
  return null;
}

/**
 * Phone (§5): invalid if it holds any character other than whitespace, '#', the digits 0-9, '_',
 * '-', '+', '/', '(', ')' and '.'.
 */
export function isPhone(value: string): boolean {
  for (const ch of value) {
    if (/\s/u.test(ch)) continue;
    if (ch >= '0' && ch <= '9') continue;
    if ('#_-+/().'.includes(ch)) continue;
    return false;
  }
  return true;
}

/** Characters a dot-atom local part may hold besides letters and digits (RFC 5322 atext). */
const ATEXT_SYMBOLS = "!#$%&'*+-/=?^_`{|}~";

/** A letter or digit of any script (unicode is allowed on both sides of the '@'). */
const isLetterOrDigit = (ch: string): boolean => /[\p{L}\p{N}\p{M}]/u.test(ch);

/**
 * E-mail (§5): a full address: a local part, '@', and a domain of dot-separated labels ending in a
 * top-level domain; unicode letters are allowed in both parts.
 * - local part: a dot-atom (letters, digits, `!#$%&'*+-/=?^_\`{|}~`, single dots not at either end)
 *   or a quoted string without line breaks;
 * - domain: at least two labels; each of letters, digits and inner hyphens; the last (the TLD)
 *   starts with a letter; a final dot is allowed.
 */
export function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return false;
  return isLocalPart(value.slice(0, at)) && isDomain(value.slice(at + 1));
}

function isLocalPart(local: string): boolean {
  if (local.length > 64 * 4) return false; // 64 octets; generous for multi-byte letters
  if (local.startsWith('"')) {
    if (local.length < 2 || !local.endsWith('"')) return false;
    const inner = local.slice(1, -1);
    let escaped = false;
    for (const ch of inner) {
      if (ch === '\r' || ch === '\n') return false;
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') return false;
    }
    return !escaped;
  }
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  for (const ch of local) {
    if (ch === '.' || isLetterOrDigit(ch) || ATEXT_SYMBOLS.includes(ch)) continue;
    return false;
  }
  return true;
}

function isDomain(domain: string): boolean {
  const name = domain.endsWith('.') ? domain.slice(0, -1) : domain;
  if (name.length === 0 || name.length > 253 * 4) return false;
  const labels = name.split('.');
  if (labels.length < 2) return false;
  for (const label of labels) {
    if (label === '' || label.startsWith('-') || label.endsWith('-')) return false;
    for (const ch of label) if (ch !== '-' && !isLetterOrDigit(ch)) return false;
  }
  const tld = labels[labels.length - 1] ?? '';
  return /^\p{L}/u.test(tld);
}
