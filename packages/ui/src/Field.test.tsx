import { MAX_INPUT_LENGTH } from '@preloved/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Field, type FieldProps } from './Field';

function Controlled(props: Omit<FieldProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState('');
  return <Field {...props} value={value} onChange={setValue} />;
}

describe('Field', () => {
  it('is an input named by its label that stops at the input length limit', async () => {
    render(<Controlled label="Email" type="email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('maxlength', String(MAX_INPUT_LENGTH));
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    await userEvent.type(input, 'x'.repeat(MAX_INPUT_LENGTH + 5));
    expect(input).toHaveValue('x'.repeat(MAX_INPUT_LENGTH));
  });

  it('keeps a maxLength of its own', () => {
    render(<Controlled label="Code" maxLength={6} />);
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAttribute('maxlength', '6');
  });

  it('ties its error to the input and marks it invalid; the hint speaks only without an error', () => {
    const { rerender } = render(<Field label="Password" value="" onChange={() => undefined} hint="At least 8 characters" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAccessibleDescription('At least 8 characters');
    expect(input).not.toHaveAttribute('aria-invalid');

    rerender(<Field label="Password" value="" onChange={() => undefined} hint="At least 8 characters" error="Password required" />);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Password required');
    expect(screen.queryByText('At least 8 characters')).not.toBeInTheDocument();

    rerender(<Field label="Password" value="" onChange={() => undefined} error={null} />);
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});
