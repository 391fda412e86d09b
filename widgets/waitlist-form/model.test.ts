// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  isEditingKey,
  isValid,
  isValidEmail,
  normalizeEmail,
  outcomeOf,
  validate,
} from './model';

describe('the e-mail pattern (TLD of 2-4 letters or digits)', () => {
  it.each([
    'shopper@example.com',
    'a@b.co',
    'first.last@example.co.uk',
    'first_last+tag@mail.example.info',
    'x-y@sub-domain.example.de',
    'UPPER@EXAMPLE.COM',
    '123@456.78',
    'name@example.a1b2',
    '  padded@example.com  ',
  ])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    ' ',
    'plain',
    '@example.com',
    'name@',
    'name@example',
    'name@example.c',
    'name@example.store',
    'name@example.museum',
    'name@.com',
    'name@example..com',
    'name@example.com.',
    'na me@example.com',
    'name@exa mple.com',
    'name@@example.com',
    'name@example_x.com',
    'name!@example.com',
    'name@example.c-m',
    'nämé@example.com',
    'name@exam\nple.com',
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('stays fast on long hostile input (no catastrophic backtracking)', () => {
    const started = performance.now();
    EMAIL_PATTERN.test(`a@${'a-'.repeat(5000)}!`);
    EMAIL_PATTERN.test(`${'a.'.repeat(5000)}@example.toolong`);
    // A catastrophic pattern would take minutes on this input; a linear one takes a few
    // milliseconds. The bound is loose so that a busy machine cannot fail it.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('validate', () => {
  it.each([
    [{ email: 'a@b.co', consent: true }, { email: false, consent: false }, true],
    [{ email: 'a@b.co', consent: false }, { email: false, consent: true }, false],
    [{ email: 'nope', consent: true }, { email: true, consent: false }, false],
    [{ email: '', consent: false }, { email: true, consent: true }, false],
  ])('%j → %j (valid: %s)', (values, errors, valid) => {
    expect(validate(values)).toEqual(errors);
    expect(isValid(validate(values))).toBe(valid);
  });
});

describe('keyup validation', () => {
  it.each(['a', '@', 'Backspace', 'Delete', ' ', 'Enter', 'v'])('%j validates', (key) => {
    expect(isEditingKey(key)).toBe(true);
  });
  it.each(['Tab', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'Escape'])('%j does not', (key) => {
    expect(isEditingKey(key)).toBe(false);
  });
});

describe('request and outcome', () => {
  it('sends the email trimmed', () => {
    expect(normalizeEmail('  shopper@example.com ')).toBe('shopper@example.com');
    expect(normalizeEmail('\ta@b.co\n')).toBe('a@b.co');
  });

  it.each([
    [
      { status: 1, message: 'Added' },
      { ok: true, message: 'Added' },
    ],
    [
      { status: '1', message: 'Added' },
      { ok: true, message: 'Added' },
    ],
    [
      { status: 0, message: 'Error on submitting for waiting list.' },
      { ok: false, message: 'Error on submitting for waiting list.' },
    ],
    [
      { status: 'no', message: 'x' },
      { ok: false, message: 'x' },
    ],
  ])('%j → %j', (response, outcome) => {
    expect(outcomeOf(response)).toEqual(outcome);
  });
});
