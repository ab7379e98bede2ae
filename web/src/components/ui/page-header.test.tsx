// @vitest-environment jsdom
/**
 * PageContainer's width: the standard one, or the page's own narrower one instead of it (with both, the
 * stylesheet's order decided, and the find, post and profile pages were drawn at the full 7xl width).
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageContainer } from './page-header';

describe('PageContainer', () => {
  it('is max-w-7xl unless the page names its own width, which then replaces it', () => {
    const { container, rerender } = render(<PageContainer className="flex gap-6">page</PageContainer>);
    const box = () => container.firstElementChild?.className.split(' ') ?? [];
    expect(box()).toContain('max-w-7xl');
    rerender(<PageContainer className="flex max-w-4xl flex-col gap-6">page</PageContainer>);
    expect(box()).toContain('max-w-4xl');
    expect(box()).not.toContain('max-w-7xl');
    rerender(<PageContainer>page</PageContainer>);
    expect(box()).toContain('max-w-7xl');
  });
});
