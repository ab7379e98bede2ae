// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_VISIBLE_TOASTS, toast, Toaster, useToastStore } from '@web/components/ui/toast';

afterEach(() => {
  cleanup();
  useToastStore.setState({ toasts: [] });
});

describe('toasts', () => {
  it('stacks toasts so no result is lost: Import Complete stays when Achievement Unlocked arrives', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Import Complete', description: 'Successfully imported 12 locations.' });
    });
    expect(await screen.findByText('Import Complete')).toBeInTheDocument();

    act(() => {
      toast({ title: 'Achievement Unlocked', description: 'Mapper' });
    });
    expect(await screen.findByText('Achievement Unlocked')).toBeInTheDocument();
    expect(screen.getByText('Import Complete')).toBeInTheDocument();
    expect(screen.getByText('Successfully imported 12 locations.')).toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(2);
  });

  it(`shows at most ${MAX_VISIBLE_TOASTS} at once; the next waits its turn and shows when one closes`, async () => {
    render(<Toaster />);
    const shown = Array.from({ length: MAX_VISIBLE_TOASTS + 1 }, (_, i) => `Result ${i + 1}`);
    act(() => {
      for (const title of shown) toast({ title });
    });
    expect(await screen.findByText('Result 1')).toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(MAX_VISIBLE_TOASTS);
    const last = shown.at(-1) ?? '';
    expect(screen.queryByText(last)).not.toBeInTheDocument();

    const [oldest] = screen.getAllByRole('button', { name: 'Dismiss notification' });
    if (!oldest) throw new Error('no toast to dismiss');
    fireEvent.click(oldest);
    expect(await screen.findByText(last)).toBeInTheDocument();
    expect(screen.queryByText('Result 1')).not.toBeInTheDocument();
  });

  it('closes from its dismiss button, and dismissing one toast leaves the others alone', async () => {
    render(<Toaster />);
    let first: ReturnType<typeof toast> | undefined;
    act(() => {
      first = toast({ title: 'Updated' });
    });
    act(() => {
      toast({ title: 'Deleted', variant: 'destructive' });
    });
    act(() => first?.dismiss());
    expect(screen.queryByText('Updated')).not.toBeInTheDocument();
    expect(screen.getByText('Deleted')).toBeInTheDocument();
    // A second dismiss of a toast already gone leaves the others alone.
    act(() => first?.dismiss());
    expect(screen.getByText('Deleted')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('labels the viewport with the F8 hotkey', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    expect(await screen.findByRole('region')).toHaveAttribute('aria-label', expect.stringContaining('F8'));
  });
});
