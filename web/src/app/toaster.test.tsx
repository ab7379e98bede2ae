// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast, Toaster, useToastStore } from '@web/components/ui/toast';
import { markFirstPageShown } from '@web/lib/idle';

afterEach(() => {
  cleanup();
  useToastStore.setState({ current: null });
});

describe('toasts', () => {
  it('shows one toast at a time: a new toast replaces the current one', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Find Liked!' });
    });
    expect(await screen.findByText('Find Liked!')).toBeInTheDocument();

    act(() => {
      toast({ title: 'Post Deleted', description: 'Your post is gone.' });
    });
    expect(await screen.findByText('Post Deleted')).toBeInTheDocument();
    expect(screen.getByText('Your post is gone.')).toBeInTheDocument();
    expect(screen.queryByText('Find Liked!')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('closes from its dismiss button, and a stale dismiss leaves a newer toast alone', async () => {
    render(<Toaster />);
    let first: ReturnType<typeof toast> | undefined;
    act(() => {
      first = toast({ title: 'Updated' });
    });
    act(() => {
      toast({ title: 'Deleted', variant: 'destructive' });
    });
    act(() => first?.dismiss());
    expect(screen.getByText('Deleted')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(useToastStore.getState().current).toBeNull();
  });

  it('labels the viewport with the F8 hotkey (it loads once the first page is shown, without a toast)', async () => {
    markFirstPageShown();
    render(<Toaster />);
    expect(await screen.findByRole('region')).toHaveAttribute('aria-label', expect.stringContaining('F8'));
  });
});
