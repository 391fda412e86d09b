import { useState } from 'react';
import type * as z from 'zod/mini';
import { __ } from '../../src/i18n';
import type { PasswordTogglePropsSchema } from './schema';

type Props = z.output<typeof PasswordTogglePropsSchema>;

/**
 * Password field with a show/hide toggle (storefront.md §2.10), labelled 'Show password' /
 * 'Hide password', in WooCommerce's markup (`.password-input`, `.show-password-input`,
 * `.display-password`). The input is uncontrolled: what was typed into the fallback before the
 * island mounted is carried over by the runtime.
 */
export function PasswordToggle({ id, name, autocomplete, required, className, ariaLabel }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <span className="password-input">
      <input
        className={className}
        type={visible ? 'text' : 'password'}
        name={name}
        id={id}
        autoComplete={autocomplete}
        required={required}
        aria-label={ariaLabel}
        // Browsers would offer to autocapitalise or spell-check a password shown as text.
        autoCapitalize="off"
        spellCheck={false}
      />
      <button
        type="button"
        className={visible ? 'show-password-input display-password' : 'show-password-input'}
        aria-label={visible ? __('Hide password') : __('Show password')}
        aria-controls={id}
        onClick={() => setVisible((shown) => !shown)}
      />
    </span>
  );
}
