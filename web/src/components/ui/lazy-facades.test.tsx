// @vitest-environment jsdom
/**
 * The Radix facades before Radix is loaded (lazy-parts.ts): the closed trigger alone, then the real dialog,
 * menu or tooltip once it arrives, with the focus and the caller's handlers kept. The shared test setup
 * preloads the parts for every other component test; here each test re-imports the facades so they start
 * unloaded, as on a first visit.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

async function freshFacades() {
  vi.resetModules();
  const [dialog, menu, tooltip, toast] = await Promise.all([
    import('./dialog'),
    import('./dropdown-menu'),
    import('./tooltip'),
    import('./toast'),
  ]);
  return { ...dialog, ...menu, ...tooltip, ...toast };
}

let ui: Awaited<ReturnType<typeof freshFacades>>;

beforeEach(async () => {
  ui = await freshFacades();
});
afterEach(cleanup);

describe('lazy Radix facades', () => {
  it('a closed dialog is its trigger alone; opening loads Radix and shows the labelled dialog', async () => {
    const { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } = ui;
    render(
      <Dialog>
        <DialogTrigger asChild>
          <button type="button">Delete account</button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Are you sure?</DialogTitle>
          <DialogDescription>This cannot be undone.</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Delete account' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // Radix's trigger would name its content (aria-controls): this is the light stand-in.
    expect(trigger).not.toHaveAttribute('aria-controls');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Radix's trigger took over from the light one and gets the focus back.
    expect(screen.getByRole('button', { name: 'Delete account' })).toHaveFocus();
  });

  it('a controlled dialog opened from elsewhere shows once Radix has loaded', async () => {
    const { Dialog, DialogContent, DialogTitle } = ui;
    const onOpenChange = vi.fn();
    render(
      <Dialog open onOpenChange={onOpenChange}>
        <DialogContent>
          <DialogTitle>Sign in</DialogTitle>
        </DialogContent>
      </Dialog>,
    );
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('runs the trigger child’s own click handler, and does not open when it prevents the default', async () => {
    const { Dialog, DialogContent, DialogTitle, DialogTrigger } = ui;
    const onClick = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <Dialog>
        <DialogTrigger asChild>
          <button type="button" onClick={onClick}>
            Open
          </button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Never</DialogTitle>
        </DialogContent>
      </Dialog>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(onClick).toHaveBeenCalledOnce();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a menu opens from the keyboard before Radix is loaded, and its items work', async () => {
    const { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } = ui;
    const onSelect = vi.fn();
    render(
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <button type="button">Account</button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={onSelect}>Sign out</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    const trigger = screen.getByRole('button', { name: 'Account' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).not.toHaveAttribute('id'); // Radix's trigger has one: this is the light stand-in
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(onSelect).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('a tooltip keeps the focus on its trigger while Radix loads, then opens', async () => {
    const { SimpleTooltip, TooltipProvider } = ui;
    render(
      <TooltipProvider>
        <SimpleTooltip content="Online · not synced yet">
          <button type="button">Sync status</button>
        </SimpleTooltip>
      </TooltipProvider>,
    );
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Online · not synced yet');
    expect(screen.getByRole('button', { name: 'Sync status' })).toHaveFocus();
  });

  it('leaves the toast viewport unloaded while no toast is shown, even once the page is idle', async () => {
    const { Toaster } = ui;
    // A fresh copy of the idle module, as the facades are: the first page shown, the browser then idle
    // (jsdom has no requestIdleCallback: 200 ms after load).
    const { markFirstPageShown } = await import('@web/lib/idle');
    markFirstPageShown();
    render(<Toaster />);
    // The idle moment comes 200 ms in; the viewport would be up well within the next 2 s had it loaded.
    await expect(screen.findByRole('region', {}, { timeout: 2000 })).rejects.toThrow();
  });

  it('shows a toast before the page is idle: the first toast loads the viewport', async () => {
    const { Toaster, toast } = ui;
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved on this device' });
    });
    expect(await screen.findByText('Saved on this device')).toBeInTheDocument();
  });
});
