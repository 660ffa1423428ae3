import {
  Button,
  ErrorState,
  LoadingState,
  Modal,
  SparklesIcon,
  type TabItem,
  Tabs,
} from '@client/components';
import { useDesignFrom } from '@client/design/designPreset';
import { CheckDesignButton } from '@client/evaluation/CheckDesignButton';
import {
  isLeiaLoading,
  isLeiaOpen,
  LEIA_VIEW_TEXTS,
  type LeiaTab,
  type LeiaViewSnapshot,
  leiaViewError,
} from '@machines/leiaView';
import type { Actor } from '@shared/permissions';
import { canSeeBehaviour } from '@shared/permissions';
import { shallowEqual } from '@xstate/react';
import { LeiaViewActor } from '../actors';
import { BehaviourTab } from './BehaviourTab';
import { HistoryTab, LeiaHistoryActors, LeiaHistoryCommands, LeiaLineage } from './LeiaHistory';
import { PersonaTab } from './PersonaTab';
import { ProblemTab } from './ProblemTab';

const selectView = (s: LeiaViewSnapshot) => ({
  open: isLeiaOpen(s),
  summary: s.context.summary,
  leia: s.context.leia,
  tab: s.context.tab,
  loading: isLeiaLoading(s),
  error: leiaViewError(s),
});

/**
 * The View modal: tabs Problem, Persona and, for those who may see behaviour
 * content (canSeeBehaviour: not instructors), Behaviour, then History (its versions, and where it
 * came from: ./LeiaHistory.tsx). Escape, the backdrop and the close button
 * close it; the machine resets the tab to Problem when a different LEIA is opened.
 */
export function ViewLeiaModal({
  viewer,
  onRestored,
  onOpenerGone,
}: {
  viewer: Actor | null;
  onRestored?: () => void;
  /** Where the focus goes on close when what opened it is gone (the palette, a row reloaded). */
  onOpenerGone?: () => void;
}) {
  return (
    <LeiaHistoryActors viewer={viewer} onRestored={onRestored}>
      <ViewLeiaDialog viewer={viewer} onOpenerGone={onOpenerGone} />
    </LeiaHistoryActors>
  );
}

/** Check LEIA design, and Design from this. */
function ViewLeiaFooter({ leia }: { leia: NonNullable<LeiaViewSnapshot['context']['leia']> }) {
  const { designFrom, loadingKey } = useDesignFrom();
  return (
    <>
      <CheckDesignButton leia={{ id: leia.id, name: `${leia.metadata.name} v${leia.metadata.version}` }} />
      <Button
        icon={<SparklesIcon />}
        loading={loadingKey === leia.id}
        onClick={() =>
          designFrom({
            id: leia.id,
            metadata: leia.metadata,
            user: leia.user,
            parts: {
              persona: leia.spec.persona.id,
              problem: leia.spec.problem.id,
              behaviour: leia.spec.behaviour.id,
            },
          })
        }
      >
        Design from this
      </Button>
    </>
  );
}

function ViewLeiaDialog({ viewer, onOpenerGone }: { viewer: Actor | null; onOpenerGone?: () => void }) {
  const actor = LeiaViewActor.useActorRef();
  const view = LeiaViewActor.useSelector(selectView, shallowEqual);
  const { summary, leia } = view;
  const close = () => actor.send({ type: 'view.close' });

  const tabs: TabItem[] = leia
    ? [
        { id: 'problem', label: 'Problem', content: <ProblemTab problem={leia.spec.problem} /> },
        { id: 'persona', label: 'Persona', content: <PersonaTab persona={leia.spec.persona} /> },
        ...(canSeeBehaviour(viewer)
          ? [
              {
                id: 'behaviour',
                label: 'Behaviour',
                content: <BehaviourTab behaviour={leia.spec.behaviour} />,
              },
            ]
          : []),
        { id: 'history', label: 'History', content: <HistoryTab /> },
      ]
    : [];

  return (
    <Modal
      open={view.open && summary !== null}
      onClose={close}
      title={summary?.metadata.name ?? 'LEIA'}
      description={summary ? `v${summary.metadata.version}` : undefined}
      size="lg"
      className="leia-view-modal"
      onOpenerGone={onOpenerGone}
      footer={leia && <ViewLeiaFooter leia={leia} />}
    >
      {view.error ? (
        <ErrorState message={view.error} onRetry={() => actor.send({ type: 'view.retry' })} />
      ) : leia ? (
        <>
          <LeiaHistoryCommands />
          <LeiaLineage leiaId={leia.id} />
          <Tabs
            label="LEIA parts and history"
            tabs={tabs}
            // An instructor never has the Behaviour tab; Tabs then shows the first one.
            value={view.tab}
            onChange={(tab) => actor.send({ type: 'view.tab', tab: tab as LeiaTab })}
          />
        </>
      ) : (
        <LoadingState text={LEIA_VIEW_TEXTS.loading} />
      )}
    </Modal>
  );
}
