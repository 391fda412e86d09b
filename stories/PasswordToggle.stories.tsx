import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PasswordToggle } from '../widgets/password-toggle/PasswordToggle';

type Props = Parameters<typeof PasswordToggle>[0];

const input = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLInputElement>('input')!;

/** WooCommerce's login form row around the field, with its own `<label for>`. */
function LoginFormRow(props: Props) {
  return (
    <form
      className="woocommerce-form woocommerce-form-login login"
      onSubmit={(event) => event.preventDefault()}
    >
      <p className="woocommerce-form-row form-row">
        <label htmlFor={props.id}>
          Password{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <PasswordToggle {...props} />
      </p>
    </form>
  );
}

const meta = {
  title: 'Widgets/Password toggle',
  component: PasswordToggle,
  args: {
    id: 'password',
    name: 'password',
    autocomplete: 'current-password',
    required: false,
    className: 'woocommerce-Input woocommerce-Input--text input-text',
    ariaLabel: 'Password',
  },
} satisfies Meta<typeof PasswordToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

export const HiddenByDefault: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText('Password');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('name', 'password');
    expect(field).toHaveAttribute('autocomplete', 'current-password');
    expect(field).toHaveClass('woocommerce-Input', 'input-text');
    const toggle = canvas.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('type', 'button');
    expect(toggle).toHaveAttribute('aria-controls', 'password');
    expect(toggle).not.toHaveClass('display-password');
  },
};

export const ToggleByClick: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    expect(input(canvasElement)).toHaveAttribute('type', 'text');
    const hide = canvas.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveClass('show-password-input', 'display-password');
    await userEvent.click(hide);
    expect(input(canvasElement)).toHaveAttribute('type', 'password');
    expect(canvas.getByRole('button', { name: 'Show password' })).not.toHaveClass('display-password');
  },
};

export const ToggleByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText('Password');
    await userEvent.click(field);
    await userEvent.keyboard('s3cret');
    // The toggle is the next stop in the tab order after the field.
    await userEvent.tab();
    const toggle = canvas.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(field).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAccessibleName('Hide password');
    expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(field).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAccessibleName('Show password');
    expect(field).toHaveValue('s3cret');
    // Shift+Tab goes back to the field.
    await userEvent.tab({ shift: true });
    expect(field).toHaveFocus();
  },
};

export const WithExternalLabel: Story = {
  name: 'With a <label for> outside',
  args: {
    id: 'reg_password',
    name: 'password',
    autocomplete: 'new-password',
    required: true,
    ariaLabel: undefined,
  },
  render: (args) => <LoginFormRow {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByLabelText(/^Password/);
    expect(field).toHaveAttribute('id', 'reg_password');
    // The asterisk is aria-hidden: the field's name is just "Password".
    expect(field).toHaveAccessibleName('Password');
    expect(field).not.toHaveAttribute('aria-label');
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('autocomplete', 'new-password');
    // The label outside the island still labels the mounted input (clicking it focuses the field).
    expect((field as HTMLInputElement).labels?.[0]).toBe(
      canvasElement.querySelector('label[for="reg_password"]'),
    );
    const toggle = canvas.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-controls', 'reg_password');
    await userEvent.click(toggle);
    expect(field).toHaveAttribute('type', 'text');
    // The toggle is type=button: it never submits the form.
    expect(canvas.getByRole('button', { name: 'Hide password' })).toHaveAttribute('type', 'button');
  },
};

export const LongValueKeptAcrossToggles: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const passphrase = 'correct horse battery staple, 42 times: éàü €£ ~!@#$%^&*()_+ and one more word';
    const field = canvas.getByLabelText('Password');
    await userEvent.type(field, passphrase);
    expect(field).toHaveValue(passphrase);
    for (let round = 0; round < 2; round += 1) {
      await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
      expect(field).toHaveAttribute('type', 'text');
      expect(field).toHaveValue(passphrase);
      await userEvent.click(canvas.getByRole('button', { name: 'Hide password' }));
      expect(field).toHaveAttribute('type', 'password');
      expect(field).toHaveValue(passphrase);
    }
  },
};
