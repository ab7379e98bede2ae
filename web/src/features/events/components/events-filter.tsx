/** All Events / Upcoming / Past (docs/product/events.md "Screens"): one pressed at a time, Upcoming first. */
import { EVENT_FILTER_LABELS, type EventFilter } from '@schema/contracts/events-constants';
import { Button } from '@web/components/ui/button';

const ORDER: readonly EventFilter[] = ['all', 'upcoming', 'past'];

export function EventsFilter({
  value,
  onChange,
}: {
  value: EventFilter;
  onChange: (f: EventFilter) => void;
}) {
  return (
    <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
      {ORDER.map((filter) => (
        <Button
          key={filter}
          size="sm"
          variant={filter === value ? 'default' : 'outline'}
          aria-pressed={filter === value}
          onClick={() => onChange(filter)}
        >
          {EVENT_FILTER_LABELS[filter]}
        </Button>
      ))}
    </div>
  );
}
