// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fieldProblem, isEmail, isPhone } from './validate';

describe('fieldProblem (checkout.md §5)', () => {
  it('a required field may not be empty, or only spaces; an unticked required checkbox is empty', () => {
    expect(fieldProblem('', { required: true })).toBe('required');
    expect(fieldProblem('   ', { required: true })).toBe('required');
    expect(fieldProblem('', { required: true, type: 'checkbox' })).toBe('required');
    expect(fieldProblem('1', { required: true, type: 'checkbox' })).toBeNull();
    expect(fieldProblem('', { required: false })).toBeNull();
  });

  it('an e-mail or phone is checked only when given', () => {
    expect(fieldProblem('', { required: false, type: 'email' })).toBeNull();
    expect(fieldProblem('', { required: true, type: 'email' })).toBe('required');
    expect(fieldProblem('not-an-email', { required: false, type: 'email' })).toBe('email');
    expect(fieldProblem(' ann@example.com ', { required: true, type: 'email' })).toBeNull();
    expect(fieldProblem('call me', { required: false, type: 'phone' })).toBe('phone');
    expect(fieldProblem('+353 (1) 234-5678', { required: true, type: 'phone' })).toBeNull();
  });
});

describe('isEmail: a full address, unicode allowed', () => {
  it.each([
    'ann@example.com',
    'ann.o-brien+shop@mail.example.ie',
    "o'brien@example.ie",
    'jürgen@müller.de',
    'δοκιμή@παράδειγμα.δοκιμή',
    '用户@例子.广告',
    '"ann smith"@example.com',
    'ann@example.com.',
    'x@a1.co',
    "!#$%&'*+-/=?^_`{|}~@example.org",
  ])('valid: %s', (value) => {
    expect(isEmail(value)).toBe(true);
  });

  it.each([
    '',
    'ann',
    'ann@',
    '@example.com',
    'ann@example',
    'ann@@example.com',
    'ann@.example.com',
    'ann@example..com',
    'ann@-example.com',
    'ann@example-.com',
    'ann@example.123',
    '.ann@example.com',
    'ann.@example.com',
    'an..n@example.com',
    'ann smith@example.com',
    'ann@exa mple.com',
    'ann<script>@example.com',
    '"ann@example.com',
    '"a\nb"@example.com',
    'ann@example.c_m',
  ])('invalid: %j', (value) => {
    expect(isEmail(value)).toBe(false);
  });

  it('answers a long hostile value (a backtracking pattern would not finish within the test timeout)', () => {
    expect(isEmail(`${'a.'.repeat(50_000)}@${'b-'.repeat(50_000)}`)).toBe(false);
    expect(isEmail(`${'a'.repeat(100_000)}@example.com`)).toBe(false); // over 64 octets
  });
});

describe('isPhone: only whitespace, #, digits, _, -, +, /, (, ) and .', () => {
  it.each(['', '0871234567', '+353 87 123 4567', '(01) 234-5678', '01/234.56.78', '#31_2', '\t087 123'])(
    'valid: %j',
    (value) => {
      expect(isPhone(value)).toBe(true);
    },
  );

  it.each(['087 CALL ME', '087-123x4', '+353 87 123 4567 ext 2', '٠٨٧١٢٣', '087*123', '<script>'])(
    'invalid: %j',
    (value) => {
      expect(isPhone(value)).toBe(false);
    },
  );
});
