import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { watchLifecycle } from '../../src/test/lifecycle';
import { PasswordToggle } from './PasswordToggle';
import { PasswordTogglePropsSchema } from './schema';

describe('PasswordToggle lifecycle', () => {
  it('starts nothing that outlives it: toggled, then unmounted, nothing is left', async () => {
    const watch = watchLifecycle();
    const props = PasswordTogglePropsSchema.parse({
      id: 'password',
      name: 'password',
      ariaLabel: 'Password',
    });
    const { unmount } = render(<PasswordToggle {...props} />);
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
    unmount();
    watch.unmounted();
    expect(await watch.leftovers()).toEqual([]);
  });
});
