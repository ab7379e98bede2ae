// @vitest-environment jsdom
/**
 * Our dialogs open from state, not from a Radix trigger, so Radix alone would drop the focus on <body>
 * when they close. It goes back to what opened them, or to the page's heading when that is gone.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './dialog';

function Page({
  removeOpenerOnClose = false,
  removeOpenerLater = false,
}: {
  removeOpenerOnClose?: boolean;
  removeOpenerLater?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  return (
    <main id="main" tabIndex={-1}>
      <h1>Treasure Finds Gallery</h1>
      {openerShown ? (
        <button type="button" onClick={() => setOpen(true)}>
          Share Your Find
        </button>
      ) : null}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next && removeOpenerOnClose) setOpenerShown(false);
          // Like the header after sign-up: the opener goes once the stored session is read back.
          if (!next && removeOpenerLater) setTimeout(() => setOpenerShown(false), 50);
        }}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Share Your Find</DialogTitle>
            <DialogDescription>A test dialog.</DialogDescription>
          </DialogHeader>
          <input aria-label="Title" />
        </DialogContent>
      </Dialog>
    </main>
  );
}

describe('focus after a dialog closes', () => {
  it('returns to the control that opened it', async () => {
    render(<Page />);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Share Your Find' });
    await user.click(opener);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('goes to the page heading when the opener is gone (e.g. Sign up after signing up)', async () => {
    render(<Page removeOpenerOnClose />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Share Your Find' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const heading = screen.getByRole('heading', { name: 'Treasure Finds Gallery' });
    expect(heading).toHaveFocus();
    expect(document.body).not.toHaveFocus();
  });

  it('moves on to the heading when the opener leaves just after getting the focus back', async () => {
    render(<Page removeOpenerLater />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Share Your Find' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Share Your Find' })).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Treasure Finds Gallery' })).toHaveFocus(),
    );
  });
});
