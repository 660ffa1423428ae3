import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cx } from './cx';
import { focusOn } from './useFocusRequest';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: TabItem[];
  /** The selected tab's id. */
  value: string;
  onChange: (id: string) => void;
  /** The tab list's accessible name. */
  label: string;
  className?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: Left/Right arrows move and select (wrapping),
 * Home/End go to the first/last tab; only the selected tab is in the Tab order. Only the
 * selected panel is rendered.
 */
export function Tabs({ tabs, value, onChange, label, className }: TabsProps) {
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const enabled = tabs.filter((tab) => !tab.disabled);
  const selected = tabs.find((tab) => tab.id === value) ?? enabled[0];
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;

  const select = (id: string) => {
    onChange(id);
    focusOn(listRef.current?.querySelector<HTMLElement>(`[id="${CSS.escape(tabId(id))}"]`));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = enabled.findIndex((tab) => tab.id === selected?.id);
    const last = enabled.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index >= last ? 0 : index + 1,
      ArrowLeft: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined || enabled.length === 0) return;
    event.preventDefault();
    select(enabled[target]!.id);
  };

  return (
    <div className={cx('tabs', className)}>
      <div className="tabs__list" role="tablist" aria-label={label} ref={listRef} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected?.id;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              className="tabs__tab"
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              tabIndex={isSelected ? 0 : -1}
              disabled={tab.disabled}
              onClick={() => onChange(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {selected && (
        <div
          className="tabs__panel"
          role="tabpanel"
          id={panelId(selected.id)}
          aria-labelledby={tabId(selected.id)}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs: the panel is reachable by Tab even when its content has no control
          tabIndex={0}
        >
          {selected.content}
        </div>
      )}
    </div>
  );
}
