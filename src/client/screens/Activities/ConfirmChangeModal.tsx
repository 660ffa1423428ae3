import { AlertIcon, Button, Modal } from '@client/components';
import { ACTIVITY_LIST_TEXTS, type ActivityChange } from '@machines/activityList/contract';
import { changeToConfirm } from '@machines/activityList/selectors';
import { configLeiaName } from '@shared/activity-config';
import { ActivityListActor } from './actors';

interface Question {
  title: string;
  text: string;
  /** A further warning (the LEIAs that are not published). */
  warning?: string | null;
  confirm: string;
  danger: boolean;
}

/** What each change that cannot be undone asks before it is made. */
const QUESTIONS: Record<Exclude<ActivityChange['kind'], 'mode'>, (change: ActivityChange) => Question> = {
  publish: (change: ActivityChange) => {
    const unpublished = change.activity.leias.flatMap((config, index) =>
      typeof config.leia !== 'string' && !config.leia.isPublished ? [configLeiaName(config, index)] : [],
    );
    return {
      title: `Publish ${change.activity.name}?`,
      text: 'Once published, its LEIAs, their modes and their transcriptions can no longer be changed, and it cannot be unpublished.',
      warning: unpublished.length > 0 ? ACTIVITY_LIST_TEXTS.unpublishedInActivity(unpublished) : null,
      confirm: 'Publish',
      danger: false,
    };
  },
  deleteActivity: (change: ActivityChange) => ({
    title: `Delete ${change.activity.name}?`,
    text: 'The activity, its LEIA configurations and their transcriptions will be permanently deleted. The LEIAs themselves are kept.',
    confirm: 'Delete Activity',
    danger: true,
  }),
  removeLeia: (change: ActivityChange) => {
    const config = 'config' in change ? change.config : null;
    const index = config ? change.activity.leias.findIndex((item) => item.id === config.id) : 0;
    return {
      title: `Delete ${config ? configLeiaName(config, Math.max(index, 0)) : 'LEIA'} from ${change.activity.name}?`,
      text: 'Its mode and its transcription in this activity will be permanently deleted. The LEIA itself is kept.',
      confirm: 'Delete LEIA',
      danger: true,
    };
  },
};

/** Asks before publishing an activity, deleting it, or deleting a LEIA from it. */
export function ConfirmChangeModal() {
  const list = ActivityListActor.useActorRef();
  const change = ActivityListActor.useSelector(changeToConfirm);
  const question = change && change.kind !== 'mode' ? QUESTIONS[change.kind](change) : null;
  const warning = question?.warning ?? null;
  const cancel = () => list.send({ type: 'change.cancel' });
  return (
    <Modal
      open={question !== null}
      onClose={cancel}
      title={question?.title}
      size="sm"
      footer={
        <>
          {/* Cancel first: Enter on a freshly opened question never deletes. */}
          <Button onClick={cancel} data-autofocus>
            Cancel
          </Button>
          <Button
            variant={question?.danger ? 'danger' : 'primary'}
            onClick={() => list.send({ type: 'change.confirm' })}
          >
            {question?.confirm}
          </Button>
        </>
      }
    >
      <p>{question?.text}</p>
      {warning && (
        <p className="alert alert--warning">
          <AlertIcon />
          <span>{warning}</span>
        </p>
      )}
    </Modal>
  );
}
