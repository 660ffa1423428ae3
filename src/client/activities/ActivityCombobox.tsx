import { CloseIcon, focusOn, IconButton, PlusIcon } from '@client/components';
import { type ActivityOption, ADD_TO_ACTIVITY_TEXTS } from '@machines/addToActivity';
import { type KeyboardEvent, type RefObject, useId, useRef, useState } from 'react';
import './combobox.css';

export interface ActivityComboboxProps {
  label: string;
  options: readonly ActivityOption[];
  selected: ActivityOption | null;
  onSelect: (id: string) => void;
  onClear: () => void;
  /** The typed name, trimmed: create an activity with it (then the machine selects it). */
  onCreate: (name: string) => void;
  disabled?: boolean;
  /** The input, for the caller to put the focus in it. */
  inputRef?: RefObject<HTMLInputElement | null>;
}

/** Arrow keys move one option; Page Up and Page Down move a page of this many. */
const PAGE_SIZE = 5;

type Option = { kind: 'create'; name: string } | { kind: 'activity'; activity: ActivityOption };

const optionsFor = (activities: readonly ActivityOption[], query: string): Option[] => {
  const wanted = query.trim().toLowerCase();
  const matching = activities.filter((activity) => activity.name.toLowerCase().includes(wanted));
  const exists = activities.some((activity) => activity.name.trim().toLowerCase() === wanted);
  return [
    ...(wanted !== '' && !exists ? [{ kind: 'create' as const, name: query.trim() }] : []),
    ...matching.map((activity) => ({ kind: 'activity' as const, activity })),
  ];
};

/** What is typed, whether the list is open, the active option, and the keys that move through it. */
function useCombobox(
  options: readonly ActivityOption[],
  onSelect: (id: string) => void,
  onCreate: (name: string) => void,
) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const shown = optionsFor(options, query);
  const activeIndex = Math.min(active, shown.length - 1);

  const close = () => {
    setOpen(false);
    setQuery('');
    setActive(0);
  };
  const choose = (option: Option | undefined) => {
    if (!option) return;
    if (option.kind === 'create') onCreate(option.name);
    else onSelect(option.activity.id);
    close();
  };
  const move = (to: number) => {
    setOpen(true);
    setActive(Math.max(0, Math.min(shown.length - 1, to)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => (open ? move(activeIndex + 1) : move(0)),
      ArrowUp: () => move(activeIndex - 1),
      PageDown: () => move(activeIndex + PAGE_SIZE),
      PageUp: () => move(activeIndex - PAGE_SIZE),
      Home: () => open && move(0),
      End: () => open && move(shown.length - 1),
      Enter: () => open && choose(shown[activeIndex]),
      Escape: () => close(),
    };
    const handle = keys[event.key];
    // Escape with the list closed, and Home/End/Enter then, are left to the input and the dialog.
    if (!handle || (!open && ['Escape', 'Home', 'End', 'Enter'].includes(event.key))) return;
    event.preventDefault();
    event.stopPropagation();
    handle();
  };

  return { open, setOpen, query, setQuery, setActive, shown, activeIndex, close, choose, onKeyDown };
}

/** The listbox of the options shown. */
function ComboboxList({
  id,
  label,
  shown,
  activeIndex,
  optionId,
  choose,
  setActive,
}: {
  id: string;
  label: string;
  shown: Option[];
  activeIndex: number;
  optionId: (index: number) => string;
  choose: (option: Option | undefined) => void;
  setActive: (index: number) => void;
}) {
  return (
    <div className="combobox__list" role="listbox" id={id} aria-label={label}>
      {shown.length === 0 && <p className="combobox__empty">{ADD_TO_ACTIVITY_TEXTS.empty}</p>}
      {shown.map((option, index) => (
        <div
          key={option.kind === 'create' ? 'create' : option.activity.id}
          id={optionId(index)}
          role="option"
          // The focus stays in the input (aria-activedescendant); options are reached by the arrows.
          tabIndex={-1}
          aria-selected={index === activeIndex}
          className="combobox__option"
          // Chosen on mousedown, before the input's blur closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            choose(option);
          }}
          onMouseMove={() => setActive(index)}
        >
          {option.kind === 'create' ? (
            <>
              <PlusIcon size={14} />
              <span>{ADD_TO_ACTIVITY_TEXTS.createOption(option.name)}</span>
            </>
          ) : (
            option.activity.name
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * A clearable, creatable dropdown (WAI-ARIA combobox with a listbox): typing filters the
 * activities and offers 'Create activity: "…"' first; the arrows, Page Up/Down, Home and End move
 * through the options, Enter chooses, Escape closes the list (a second Escape closes the dialog).
 * What is typed is the widget's own; what is chosen is the caller's (the machine's).
 */
export function ActivityCombobox({
  label,
  options,
  selected,
  onSelect,
  onClear,
  onCreate,
  disabled = false,
  inputRef,
}: ActivityComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const ownInput = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownInput;
  const { open, setOpen, query, setQuery, setActive, shown, activeIndex, close, choose, onKeyDown } =
    useCombobox(options, onSelect, onCreate);
  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <div className="combobox">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="combobox__control">
        <input
          ref={input}
          id={id}
          className="input combobox__input"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && shown.length > 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          placeholder={ADD_TO_ACTIVITY_TEXTS.placeholder}
          value={open ? query : (selected?.name ?? '')}
          disabled={disabled}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        {selected && !disabled && (
          <IconButton
            size="sm"
            label="Clear selection"
            icon={<CloseIcon />}
            onClick={() => {
              onClear();
              focusOn(input.current);
            }}
          />
        )}
      </div>
      {open && (
        <ComboboxList
          id={listId}
          label={label}
          shown={shown}
          activeIndex={activeIndex}
          optionId={optionId}
          choose={choose}
          setActive={setActive}
        />
      )}
    </div>
  );
}
