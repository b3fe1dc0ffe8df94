import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field } from './Field';
import { useFieldForm, type FieldErrors } from './use-field-form';

type Name = 'name' | 'email' | 'password';

// The problems a submit would find, given from outside so each test picks its own.
function Form({ problems }: { problems: FieldErrors<Name> }) {
  const form = useFieldForm<Name>({ name: '', email: '', password: '' }, { message: (key) => `message ${key}` });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.check(problems);
      }}
    >
      <Field {...form.field('name')} label="Name" />
      <Field {...form.field('email')} label="Email" type="email" />
      <Field {...form.field('password')} label="Password" type="password" />
      <button type="submit">Send</button>
    </form>
  );
}

describe('useFieldForm', () => {
  it('focuses the first field, in the form’s order, that has a problem', async () => {
    render(<Form problems={{ name: null, email: 'no_email', password: 'no_password' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('message no_email')).toBeInTheDocument();
    expect(screen.getByText('message no_password')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
  });

  it('clears only the changed field’s problem as the customer types', async () => {
    render(<Form problems={{ name: 'no_name', email: 'no_email' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    await userEvent.type(name, 'Ana');
    expect(name).toHaveValue('Ana');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('message no_name')).not.toBeInTheDocument();
    expect(screen.getByText('message no_email')).toBeInTheDocument();
  });

  it('focuses nothing when no field has a problem', async () => {
    render(<Form problems={{}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });
});
