import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

interface PageProps {
  busy?: boolean;
  error?: string | null;
  onConfirm?: () => void;
  /** The opener goes when the dialog is confirmed (a row removed). */
  openerGoesOnConfirm?: boolean;
}

/** A page with a button that opens the question, as a list's Delete does. */
function Page({ busy = false, error = null, onConfirm, openerGoesOnConfirm = false }: PageProps) {
  const [open, setOpen] = useState(false);
  const [gone, setGone] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        Parts
      </h1>
      {!gone && (
        <button type="button" onClick={() => setOpen(true)}>
          Delete Fan
        </button>
      )}
      <ConfirmDialog
        open={open}
        title="Delete this part?"
        confirmLabel="Delete"
        busy={busy}
        error={error}
        onConfirm={() => {
          onConfirm?.();
          if (openerGoesOnConfirm) setGone(true);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
        fallbackFocusRef={headingRef}
      >
        <p>Fan will no longer be sold.</p>
      </ConfirmDialog>
    </>
  );
}

const openDialog = async (props: PageProps = {}) => {
  const user = userEvent.setup();
  render(<Page {...props} />);
  await user.click(screen.getByRole('button', { name: 'Delete Fan' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Delete this part?' }) };
};

describe('ConfirmDialog', () => {
  it('is closed until asked; opens named and described, on Cancel, the safe choice', async () => {
    const user = userEvent.setup();
    render(<Page />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Fan' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this part?' });
    expect(dialog).toHaveAccessibleDescription('Fan will no longer be sold.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('closes on Cancel and on Escape, and focus goes back to the opener', async () => {
    const onConfirm = vi.fn();
    const { user, dialog } = await openDialog({ onConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Fan' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Delete Fan' }));
    // Escape makes the browser send `cancel` to the open dialog; jsdom does not, so it is sent here.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Fan' })).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('waits while busy: both buttons disabled, and Escape does not close it', async () => {
    const { dialog } = await openDialog({ busy: true });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.getByRole('dialog', { name: 'Delete this part?' })).toBeInTheDocument();
  });

  it('shows why the action failed, read out at once', async () => {
    const { dialog } = await openDialog({ error: 'The part has orders' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The part has orders');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('confirms, and puts focus on the page when the opener is gone', async () => {
    const onConfirm = vi.fn();
    const { user, dialog } = await openDialog({ onConfirm, openerGoesOnConfirm: true });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Parts' })).toHaveFocus();
  });
});
