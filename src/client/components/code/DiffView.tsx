import { lazy, Suspense } from 'react';
import type { DiffViewProps } from './DiffViewImpl';

export type { DiffViewProps } from './DiffViewImpl';

const Impl = lazy(() => import('./DiffViewImpl'));

/**
 * Two texts side by side with their differences marked and unchanged regions collapsed
 * (@codemirror/merge): an edited part against its original, or two versions of one item.
 */
export function DiffView(props: DiffViewProps) {
  return (
    <Suspense fallback={<div className="code-editor code-editor--loading">Loading...</div>}>
      <Impl {...props} />
    </Suspense>
  );
}
