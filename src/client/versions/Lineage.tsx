import { HISTORY_TEXTS, type Lineage } from '@shared/schemas/history';
import { HISTORY_LABELS } from './labels';

/** A design to open: what a lineage link or a derived design carries. */
export interface LineageItem {
  id: string;
  name: string;
  version: string;
}

/**
 * 'Derived from {name} v{version}' (a button that opens it, when `onOpen` is given), or 'Derived
 * from a private design' when the viewer may not read the source; nothing when it has no source.
 */
export function DerivedFrom({
  lineage,
  onOpen,
}: {
  lineage: Lineage | null;
  onOpen?: (item: LineageItem) => void;
}) {
  const source = lineage?.derivedFrom;
  if (!source) return null;
  if (!source.visible) return <p className="lineage">{HISTORY_TEXTS.derivedFromPrivate}</p>;
  const label = HISTORY_TEXTS.derivedFromLabel(source.name, source.version);
  return (
    <p className="lineage">
      {onOpen ? (
        <button type="button" className="lineage__link" onClick={() => onOpen(source)}>
          {label}
        </button>
      ) : (
        label
      )}
    </p>
  );
}

/** The designs made from this one that the viewer may see. */
export function DerivedList({
  lineage,
  onOpen,
}: {
  lineage: Lineage | null;
  onOpen?: (item: LineageItem) => void;
}) {
  if (!lineage) return null;
  return (
    <section className="lineage-derived" aria-label={HISTORY_LABELS.derived}>
      <h4 className="history__heading">{HISTORY_LABELS.derived}</h4>
      {lineage.derived.length === 0 ? (
        <p className="history__hint">{HISTORY_LABELS.noDerived}</p>
      ) : (
        <ul className="lineage-derived__list">
          {lineage.derived.map((item) => (
            <li key={item.id}>
              {onOpen ? (
                <button type="button" className="lineage__link" onClick={() => onOpen(item)}>
                  {item.name} v{item.version}
                </button>
              ) : (
                `${item.name} v${item.version}`
              )}{' '}
              <span className="history-version__meta">· {item.user.email}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
