import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasswordToggle } from './PasswordToggle';
import { PasswordTogglePropsSchema } from './schema';

const props = PasswordTogglePropsSchema.parse({ id: 'password', name: 'password', required: true });
const renderField = () =>
  render(
    <>
      <label htmlFor="password">Password</label>
      <PasswordToggle {...props} />
    </>,
  );

describe('PasswordToggle', () => {
  it("hides the password by default behind a 'Show password' button", () => {
    renderField();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute(
      'aria-controls',
      'password',
    );
  });

  it('shows and hides it again, keeping what was typed', async () => {
    renderField();
    await userEvent.type(screen.getByLabelText('Password'), 's3cret!');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Password')).toHaveValue('s3cret!');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('works from the keyboard', async () => {
    renderField();
    await userEvent.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });
});
