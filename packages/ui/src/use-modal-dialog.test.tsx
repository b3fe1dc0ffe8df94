import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { SidePanel } from './SidePanel';

// jsdom has no showModal, so nothing behind the dialog is inert here: a control after it on the page
// is where Tab would go without the wrap (as Chromium lets Tab leave a modal dialog).
function Page({ extra = false }: { extra?: boolean }) {
  return (
    <>
      <SidePanel open onClose={() => undefined} title="Bag" closeLabel="Close">
        <a href="/product/1">Denim jacket</a>
        <button type="button" disabled>
          Unavailable
        </button>
        <button type="button">Checkout</button>
        {extra ? <button type="button">Remove</button> : null}
        <div hidden>
          <button type="button">Hidden</button>
        </div>
      </SidePanel>
      <button type="button">Outside</button>
    </>
  );
}

describe('modal dialogs keep Tab inside', () => {
  it('side panel: Tab on the last control goes to the first, Shift+Tab on the first to the last', async () => {
    render(<Page />);
    const panel = screen.getByRole('dialog', { name: 'Bag' });
    const close = within(panel).getByRole('button', { name: 'Close' });
    const checkout = within(panel).getByRole('button', { name: 'Checkout' });

    checkout.focus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(checkout).toHaveFocus();
    // In between, Tab moves as usual, past disabled and hidden controls.
    await userEvent.tab({ shift: true });
    expect(within(panel).getByRole('link', { name: 'Denim jacket' })).toHaveFocus();
    await userEvent.tab();
    expect(checkout).toHaveFocus();
  });

  it('follows controls that appear while it is open', async () => {
    const { rerender } = render(<Page />);
    rerender(<Page extra />);
    const panel = screen.getByRole('dialog', { name: 'Bag' });
    const remove = within(panel).getByRole('button', { name: 'Remove' });
    within(panel).getByRole('button', { name: 'Checkout' }).focus();
    await userEvent.tab();
    expect(remove).toHaveFocus();
    await userEvent.tab();
    expect(within(panel).getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('from the dialog itself, Shift+Tab goes to its last control', async () => {
    render(<Page />);
    const panel = screen.getByRole('dialog', { name: 'Bag' });
    panel.tabIndex = -1;
    panel.focus();
    await userEvent.tab({ shift: true });
    expect(within(panel).getByRole('button', { name: 'Checkout' })).toHaveFocus();
  });

  it('confirm dialog: the two answers take turns', async () => {
    function Confirm() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <ConfirmDialog open={open} title="Remove this item?" confirmLabel="Remove" cancelLabel="Keep" onConfirm={() => setOpen(false)} onCancel={() => setOpen(false)} />
          <button type="button">Outside</button>
        </>
      );
    }
    render(<Confirm />);
    const dialog = screen.getByRole('alertdialog', { name: 'Remove this item?' });
    const keep = within(dialog).getByRole('button', { name: 'Keep' });
    const remove = within(dialog).getByRole('button', { name: 'Remove' });
    remove.focus();
    await userEvent.tab();
    expect(keep).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(remove).toHaveFocus();
  });
});

describe('modal dialogs close on Escape', () => {
  it('from the key itself, even when the browser fires no "cancel" (a key replayed by script)', async () => {
    function Panel() {
      const [open, setOpen] = useState(true);
      return open ? (
        <SidePanel open onClose={() => setOpen(false)} title="Bag" closeLabel="Close">
          <button type="button">Checkout</button>
        </SidePanel>
      ) : (
        <p>Closed</p>
      );
    }
    render(<Panel />);
    within(screen.getByRole('dialog', { name: 'Bag' })).getByRole('button', { name: 'Checkout' }).focus();
    // jsdom, like a script's dispatchEvent, sends the keydown without the browser's "cancel".
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Bag' })).toBeNull();
    expect(screen.getByText('Closed')).toBeInTheDocument();
  });
});

describe('an Escape from outside the open dialogs', () => {
  function Stack({ inner = false }: { inner?: boolean }) {
    const [bag, setBag] = useState(true);
    const [confirm, setConfirm] = useState(inner);
    return (
      <>
        <button type="button">Opener</button>
        {bag ? (
          <SidePanel open onClose={() => setBag(false)} title="Bag" closeLabel="Close">
            <button type="button">Checkout</button>
          </SidePanel>
        ) : null}
        <ConfirmDialog open={confirm} title="Remove this item?" confirmLabel="Remove" cancelLabel="Keep" onConfirm={() => setConfirm(false)} onCancel={() => setConfirm(false)} />
      </>
    );
  }

  it('closes the dialog (a key held before the page ran, replayed onto the control that opened it)', async () => {
    render(<Stack />);
    screen.getByRole('button', { name: 'Opener' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Bag' })).toBeNull();
  });

  it('closes only the dialog on top', async () => {
    render(<Stack inner />);
    screen.getByRole('button', { name: 'Opener' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog', { name: 'Remove this item?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Bag' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Bag' })).toBeNull();
  });
});
