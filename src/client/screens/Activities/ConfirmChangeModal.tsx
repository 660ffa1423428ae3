import { Button, Modal } from '@client/components';
import { type ActivityChange, changeToConfirm } from '@machines/activityList';
import { configLeiaName } from '@shared/activity-config';
import { ActivityListActor } from './actors';

/** What each change that cannot be undone asks before it is made. */
const QUESTIONS = {
  publish: (change: ActivityChange) => ({
    title: `Publish ${change.activity.name}?`,
    text: 'Once published, its LEIAs, their modes and their transcriptions can no longer be changed, and it cannot be unpublished.',
    confirm: 'Publish',
    danger: false,
  }),
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
} as const;

/** Asks before publishing an activity, deleting it, or deleting a LEIA from it. */
export function ConfirmChangeModal() {
  const list = ActivityListActor.useActorRef();
  const change = ActivityListActor.useSelector(changeToConfirm);
  const question = change && change.kind !== 'mode' ? QUESTIONS[change.kind](change) : null;
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
    </Modal>
  );
}
