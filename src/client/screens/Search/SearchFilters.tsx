import { SearchIcon, Select, type SelectOption } from '@client/components';
import { type Density, setDensity, useDensity } from '@client/density';
import { useSearchBox } from '@client/palette';
import {
  type SearchFilters as Filters,
  VERSION_FILTERS,
  type VersionFilter,
  VISIBILITY_FILTERS,
} from '@machines/searchList/machine';
import type { LeiaSort } from '@shared/schemas/leias';
import type { Visibility } from '@shared/schemas/visibility';
import { type KeyboardEvent, useId, useRef } from 'react';

export const SORT_OPTIONS: readonly (SelectOption & { value: LeiaSort })[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'newest', label: 'Newest' },
  { value: 'name', label: 'Name' },
];

export const DENSITY_OPTIONS: readonly (SelectOption & { value: Density })[] = [
  { value: 'comfortable', label: 'Comfortable' },
  { value: 'compact', label: 'Compact' },
];

export const SEARCH_PLACEHOLDER = 'Search by name or description';

export interface SearchFiltersProps {
  filters: Filters;
  onChange: (filters: Partial<Filters>) => void;
  /** Down arrow in the search box: on to the first result. */
  onFocusResults: () => void;
}

/** The search box (the `/` focus target), the Visibility and Version filters, the order, and the row density. */
export function SearchFilters({ filters, onChange, onFocusResults }: SearchFiltersProps) {
  const density = useDensity();
  const boxRef = useRef<HTMLInputElement>(null);
  const boxId = useId();
  useSearchBox(boxRef);

  const onBoxKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      onFocusResults();
    }
  };

  return (
    <search className="search-filters">
      <div className="search-filters__box">
        <label className="visually-hidden" htmlFor={boxId}>
          Search LEIAs
        </label>
        <SearchIcon className="search-filters__icon" />
        <input
          ref={boxRef}
          id={boxId}
          type="search"
          className="input search-filters__input"
          placeholder={SEARCH_PLACEHOLDER}
          autoComplete="off"
          spellCheck={false}
          value={filters.text}
          onChange={(event) => onChange({ text: event.target.value })}
          onKeyDown={onBoxKeyDown}
        />
      </div>
      <Select
        label="Visibility"
        className="search-filters__select"
        options={[...VISIBILITY_FILTERS]}
        value={filters.visibility}
        onChange={(event) => onChange({ visibility: event.target.value as Visibility })}
      />
      <Select
        label="Version"
        className="search-filters__select"
        options={[...VERSION_FILTERS]}
        value={filters.version}
        onChange={(event) => onChange({ version: event.target.value as VersionFilter })}
      />
      <Select
        label="Sort"
        className="search-filters__select"
        options={[...SORT_OPTIONS]}
        value={filters.sort}
        onChange={(event) => onChange({ sort: event.target.value as LeiaSort })}
      />
      <Select
        label="Rows"
        className="search-filters__select"
        options={[...DENSITY_OPTIONS]}
        value={density}
        onChange={(event) => setDensity(event.target.value as Density)}
      />
    </search>
  );
}
