import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { Input } from './input';

/**
 * A list's search box: the magnifier inside a search-type field. The label and the `role="search"` region
 * stay with the page, which words and places them its own way.
 */
export function SearchInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-stone-400"
        aria-hidden="true"
      />
      <Input {...props} type="search" className="pl-9" />
    </div>
  );
}
