import { LoadingState } from '@client/components';
import { DiffView } from '@client/components/code/DiffView';
import type { VersionsView } from '@machines/versions/selectors';
import { HISTORY_LABELS } from './labels';

/** Two versions side by side (unchanged regions collapsed), under a one-line summary of what changed. */
export function CompareView({ view }: { view: VersionsView }) {
  if (view.comparing) return <LoadingState text={HISTORY_LABELS.comparing} />;
  const { comparison } = view;
  if (!comparison) return null;
  const { before, after } = comparison;
  return (
    <section className="history-compare" aria-label={`Compare v${before.version} with v${after.version}`}>
      <p className="history-compare__summary" role="status">
        <strong>{HISTORY_LABELS.summary}:</strong> {comparison.summary}
      </p>
      <DiffView
        before={comparison.beforeText}
        after={comparison.afterText}
        beforeLabel={`v${before.version}`}
        afterLabel={`v${after.version}`}
      />
    </section>
  );
}
