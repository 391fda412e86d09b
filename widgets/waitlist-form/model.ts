/**
 * The waitlist form's rules (storefront.md §4 "Waitlist form", §5 "Waitlist", §8): validation and
 * what the server's answer turns the form into. No React, no DOM.
 */
import { isCommercekitSuccess, type WaitlistResponse } from '../../src/contract/commercekit';

/**
 * An e-mail address: letters, digits and `_ . + -` before the @, dot-separated labels of letters,
 * digits and '-' after it, ending with a top-level domain of 2 to 4 letters or digits (§5).
 * CommerceKit's own pattern repeats its TLD group (`([a-zA-Z0-9]{2,4})+`) and so accepts longer
 * ones; the spec's limit is applied as written.
 */
export const EMAIL_PATTERN = /^[a-zA-Z0-9_.+-]+@(?:[a-zA-Z0-9-]+\.)+[a-zA-Z0-9]{2,4}$/;

export interface WaitlistValues {
  email: string;
  consent: boolean;
}

/** Which fields are invalid. */
export interface WaitlistErrors {
  email: boolean;
  consent: boolean;
}

/** The address as sent: what was typed, without surrounding spaces (autofill may add one). */
export const normalizeEmail = (email: string): string => email.trim();

export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(normalizeEmail(email));

export function validate(values: WaitlistValues): WaitlistErrors {
  return { email: !isValidEmail(values.email), consent: !values.consent };
}

export const isValid = (errors: WaitlistErrors): boolean => !errors.email && !errors.consent;

/** Keys that never change a field: a keyup of these does not validate (tabbing in shows no error). */
const NAVIGATION_KEYS = new Set(['Tab', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'Escape']);
export const isEditingKey = (key: string): boolean => !NAVIGATION_KEYS.has(key);

/** What replaces the form: the server's message, a success or (status other than 1) an error. */
export function outcomeOf(response: WaitlistResponse): { ok: boolean; message: string } {
  return { ok: isCommercekitSuccess(response.status), message: response.message };
}
