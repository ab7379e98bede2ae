// @vitest-environment jsdom
/** The records table keeps its rows from the first render on, so nothing under it moves as counts arrive. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORED_TABLES } from '@web/sync';
import { StoredRecords } from './stored-records';

const rowCount = () => within(screen.getByRole('table')).getAllByRole('row').length;

describe('StoredRecords', () => {
  it('has every table row while counting, then the same rows with their numbers', () => {
    const { rerender } = render(<StoredRecords counts={{ state: 'loading' }} />);
    expect(rowCount()).toBe(STORED_TABLES.length + 1);
    expect(screen.getByRole('rowheader', { name: 'Forum categories' })).toBeInTheDocument();

    const counts = STORED_TABLES.map((t) => ({ ...t, rows: t.table === 'categories' ? 12 : 0 }));
    rerender(<StoredRecords counts={{ state: 'ready', value: counts }} />);
    expect(rowCount()).toBe(STORED_TABLES.length + 1);
    expect(screen.getByText('12 records on this device.')).toBeInTheDocument();
    const categories = screen.getByRole('rowheader', { name: 'Forum categories' }).closest('tr');
    expect(categories && within(categories).getByText('12')).toBeInTheDocument();
  });
});
