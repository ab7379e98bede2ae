/**
 * The map's search box (model/search.ts): spots by name (when the spots code supplies `spotSearch`), towns
 * and villages from the bundled gazetteer, British and Irish grid references and "lat, lng" — all on the device, so it
 * works with no signal. Suggestions appear as you type; Enter or Search goes to the best match.
 */
import { Search } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { positionHit, runSearch, type SearchHit, type SpotSearch } from '../model/search';
import { loadGazetteer } from '../services/gazetteer-loader';

const SUGGESTIONS = 6;
const TYPING_PAUSE_MS = 150;

export function MapSearch({
  onSelect,
  spotSearch,
  overlay = false,
}: {
  onSelect: (hit: SearchHit) => void;
  spotSearch?: SpotSearch;
  /** Drawn over the map (/map): it takes the row's width and stands out from the map with a shadow. */
  overlay?: boolean;
}) {
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<SearchHit[]>([]);
  const [searching, setSearching] = useState(false);
  /** The text a choice put in the box: no suggestions for it until the member types again. */
  const [chosen, setChosen] = useState<string | null>(null);
  const inputId = useId();
  const listId = useId();

  useEffect(() => {
    const query = text.trim();
    if (query.length < 2 || positionHit(query)) return;
    let live = true;
    const timer = setTimeout(() => {
      void runSearch(query, { loadGazetteer, spots: spotSearch, limit: SUGGESTIONS }).then((outcome) => {
        if (live) setSuggestions(outcome.kind === 'found' ? outcome.hits : []);
      });
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, spotSearch]);

  const choose = (hit: SearchHit) => {
    const label = hit.detail ? `${hit.label}, ${hit.detail}` : hit.label;
    setSuggestions([]);
    setText(label);
    setChosen(label);
    onSelect(hit);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSearching(true);
    const outcome = await runSearch(text, { loadGazetteer, spots: spotSearch });
    setSearching(false);
    if (outcome.kind === 'found' && outcome.hits[0]) choose(outcome.hits[0]);
    else if (outcome.kind !== 'found')
      toast({ title: outcome.title, description: outcome.text, variant: 'destructive' });
  };

  const query = text.trim();
  const shown = query.length >= 2 && text !== chosen && !positionHit(query) ? suggestions : [];
  return (
    <form
      role="search"
      className={overlay ? 'relative flex min-w-0 flex-1 gap-2' : 'relative flex w-full gap-2 sm:max-w-md'}
      onSubmit={(e) => void submit(e)}
    >
      <label htmlFor={inputId} className="sr-only">
        Search for a place, a grid reference or coordinates
      </label>
      <Input
        id={inputId}
        type="search"
        value={text}
        autoComplete="off"
        placeholder="Town, SU 12345 67890 or 54.09, -2.89"
        className={overlay ? 'min-w-0 shadow-md' : undefined}
        aria-describedby={shown.length ? listId : undefined}
        onFocus={() => void loadGazetteer().catch(() => undefined)}
        onChange={(e) => setText(e.target.value)}
      />
      <Button
        type="submit"
        disabled={searching}
        aria-label="Search"
        className={overlay ? 'shrink-0 shadow-md' : undefined}
      >
        <Search aria-hidden="true" />
        <span className="hidden sm:inline">Search</span>
      </Button>
      {shown.length > 0 ? (
        <ul
          id={listId}
          aria-label="Matching places"
          className="absolute top-full right-0 left-0 z-20 mt-1 overflow-hidden rounded-lg border border-stone-200 bg-white shadow-lg dark:border-stone-700 dark:bg-stone-900"
        >
          {shown.map((hit) => (
            <li key={`${hit.kind}:${hit.label}:${hit.position.latitude}:${hit.position.longitude}`}>
              <button
                type="button"
                className="flex min-h-11 w-full items-baseline gap-2 px-3 py-2 text-left hover:bg-stone-100 focus-visible:bg-stone-100 focus-visible:outline-none dark:hover:bg-stone-800 dark:focus-visible:bg-stone-800"
                onClick={() => choose(hit)}
              >
                <span className="font-medium">{hit.label}</span>
                {hit.detail ? (
                  <span className="text-sm text-stone-500 dark:text-stone-400">{hit.detail}</span>
                ) : null}
                {hit.kind === 'spot' ? (
                  <span className="ml-auto text-xs text-lime-800 dark:text-lime-400">Spot</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
