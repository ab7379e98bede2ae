/** The find periods as years (docs/treasure.md "Periods and date ranges"): the PAS list, the app's list, the form's fill. */
import { describe, expect, it } from 'vitest';
import { FIND_PERIODS } from './finds-constants';
import {
  fillEmptyDateRange,
  formatYearRange,
  PAS_PERIODS,
  PERIOD_DATE_RANGES,
  periodDateRange,
} from './period-dates';

describe('periods and their date ranges', () => {
  it.each([
    ['Palaeolithic', '500,000 BC – 10,001 BC'],
    ['Mesolithic', '10,000 BC – 4,001 BC'],
    ['Neolithic', '4,000 BC – 2,351 BC'],
    ['Bronze Age', '2,350 BC – 801 BC'],
    ['Iron Age', '800 BC – AD 42'],
    ['Roman', 'AD 43 – AD 409'],
    ['Early medieval', 'AD 410 – 1066'],
    ['Medieval', '1066 – 1539'],
    ['Post-medieval', '1540 – 1900'],
    ['Modern', '1901 onwards'],
  ])('the PAS %s: %s', (name, shown) => {
    const period = PAS_PERIODS.find((p) => p.name === name);
    expect(period && formatYearRange(period)).toBe(shown);
  });

  it('lists the PAS periods oldest first, each from the year after the one before (Medieval shares 1066)', () => {
    expect(PAS_PERIODS.map((p) => p.name)).toHaveLength(10);
    for (const [before, after] of PAS_PERIODS.slice(0, -1).map((p, i) => [p, PAS_PERIODS[i + 1]] as const))
      expect(after?.fromYear).toBe(after?.name === 'Medieval' ? before.toYear : (before.toYear ?? 0) + 1);
  });

  it.each([
    ['Stone Age', '500,000 BC – 2,351 BC'],
    ['Bronze Age', '2,350 BC – 801 BC'],
    ['Iron Age', '800 BC – AD 42'],
    ['Roman', 'AD 43 – AD 409'],
    ['Saxon', 'AD 410 – 1066'],
    ['Viking', 'AD 793 – 1066'],
    ['Medieval', '1066 – 1539'],
    ['Tudor', '1485 – 1603'],
    ['Post-medieval', '1540 – 1900'],
    ['Georgian', '1714 – 1837'],
    ['Victorian', '1837 – 1901'],
    ['Modern', '1901 onwards'],
  ])("the app's %s: %s", (period, shown) => {
    const range = periodDateRange(period);
    expect(range && formatYearRange(range)).toBe(shown);
  });

  it('covers every offered period; Unknown, legacy and other names have no range', () => {
    expect(Object.keys(PERIOD_DATE_RANGES).sort()).toEqual([...FIND_PERIODS].sort());
    for (const period of ['Unknown', 'Byzantine Era', 'toString', ''])
      expect(periodDateRange(period)).toBeNull();
  });

  it('picking a period fills only an empty date range', () => {
    const empty = { fromYear: null, toYear: null };
    expect(fillEmptyDateRange(empty, 'Roman')).toEqual({ fromYear: 43, toYear: 409 });
    expect(fillEmptyDateRange(empty, 'Modern')).toEqual({ fromYear: 1901, toYear: null });
    expect(fillEmptyDateRange(empty, 'Unknown')).toEqual(empty);
    expect(fillEmptyDateRange({ fromYear: 60, toYear: null }, 'Roman')).toEqual({
      fromYear: 60,
      toYear: null,
    });
    expect(fillEmptyDateRange({ fromYear: null, toYear: 200 }, 'Roman')).toEqual({
      fromYear: null,
      toYear: 200,
    });
  });
});
