// @vitest-environment jsdom
/**
 * A protected site tapped on the map (docs/protected-areas.md "On the device"): its name, kind and official
 * record number, linked to the record when the list gives a web address; and its legend entry.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROTECTED_LEGEND_LABEL } from '../../model/protected-areas';
import { ProtectedAreaInfo } from './protected-area-info';
import { ProtectedLegend } from './protected-legend';

describe('ProtectedAreaInfo', () => {
  it('names the site, its kind and its official record, linked to the record', () => {
    render(
      <ProtectedAreaInfo
        area={{
          name: 'Bowl barrow 200 m north of Fargo Plantation',
          kind: 'Scheduled monument',
          reference: '1012345',
          recordUrl: 'https://historicengland.org.uk/listing/the-list/list-entry/1012345',
        }}
      />,
    );
    const info = screen.getByLabelText('Protected site: Bowl barrow 200 m north of Fargo Plantation');
    expect(info).toHaveTextContent('Scheduled monument');
    expect(
      screen.getByRole('heading', { name: 'Bowl barrow 200 m north of Fargo Plantation' }),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: '1012345' });
    expect(link).toHaveAttribute(
      'href',
      'https://historicengland.org.uk/listing/the-list/list-entry/1012345',
    );
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(info).toHaveTextContent('Official record: 1012345');
  });

  it('shows the record number without a link when there is no web address', () => {
    render(
      <ProtectedAreaInfo
        area={{
          name: 'Castle mound',
          kind: 'Scheduled monument',
          reference: 'GM123',
          recordUrl: 'javascript:alert(1)',
        }}
      />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByLabelText('Protected site: Castle mound')).toHaveTextContent('Official record: GM123');
  });
});

describe('ProtectedLegend', () => {
  it('shows the red hatch beside "Protected sites (scheduled monuments)"', () => {
    render(<ProtectedLegend />);
    expect(PROTECTED_LEGEND_LABEL).toBe('Protected sites (scheduled monuments)');
    const entry = screen.getByRole('listitem');
    expect(entry).toHaveTextContent(PROTECTED_LEGEND_LABEL);
    const swatch = screen.getByTestId('protected-swatch');
    expect(swatch).toHaveAttribute('aria-hidden', 'true');
    expect(swatch.style.borderColor).toBe('rgb(220, 38, 38)');
    expect(swatch.style.backgroundImage).toContain('repeating-linear-gradient');
  });
});
