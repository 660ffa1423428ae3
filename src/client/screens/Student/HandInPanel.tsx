import { Button } from '@client/components';
import { draftStatus, isHandingIn } from '@machines/classStudent/selectors';
import { CLASS_TEXTS } from '@shared/class-sessions';
import { lazy, Suspense, useId } from 'react';
import { StudentActor } from './actors';

const HandInEditor = lazy(() => import('./HandInEditor'));
// The diagram library is large: its chunk loads only for a mermaid hand-in, when the panel opens.
const MermaidPreview = lazy(() => import('./MermaidPreview'));

/**
 * 'Hand in': the work in the solution's format, kept as a draft on the server as it is typed
 * (debounced), then handed in. A mermaid hand-in shows its diagram live beside the text.
 */
export function HandInPanel() {
  const actor = StudentActor.useActorRef();
  const draft = StudentActor.useSelector((s) => s.context.draft);
  const format = StudentActor.useSelector((s) => s.context.view?.solutionFormat ?? 'text');
  const status = StudentActor.useSelector(draftStatus);
  const error = StudentActor.useSelector((s) => s.context.handInError);
  const handingIn = StudentActor.useSelector(isHandingIn);
  const statusId = useId();
  const errorId = useId();
  return (
    <section className="hand-in" aria-labelledby={`${statusId}-title`}>
      <h2 id={`${statusId}-title`} className="student-card__subtitle">
        {CLASS_TEXTS.handInTitle}
      </h2>
      <div className={format === 'mermaid' ? 'hand-in__split' : undefined}>
        <Suspense fallback={<div className="code-editor code-editor--loading">Loading...</div>}>
          <HandInEditor
            value={draft}
            format={format}
            label={`${CLASS_TEXTS.handInTitle} (${format})`}
            describedBy={error ? `${errorId} ${statusId}` : statusId}
            onChange={(text) => actor.send({ type: 'draft.change', text })}
          />
        </Suspense>
        {format === 'mermaid' && (
          <Suspense fallback={<p className="hand-in__preview">Loading the diagram preview...</p>}>
            <MermaidPreview text={draft} />
          </Suspense>
        )}
      </div>
      <p className="hand-in__status" id={statusId} role="status">
        {status}
      </p>
      {error && (
        <p className="hand-in__error" id={errorId} role="alert">
          {error}
        </p>
      )}
      <Button variant="primary" loading={handingIn} onClick={() => actor.send({ type: 'handIn.submit' })}>
        {CLASS_TEXTS.handIn}
      </Button>
    </section>
  );
}
