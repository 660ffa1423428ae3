import { Button, Modal, TextArea, TextInput } from '@client/components';
import { REPORT_TEXTS } from '@machines/classReport/contract';
import { isDeleteOpen, isOverrideOpen, isSaving, studentCount } from '@machines/classReport/selectors';
import { CLASS_REPORT_TEXTS } from '@shared/schemas/class-report';
import { type FormEvent, useId } from 'react';
import { ClassReportActor } from './actors';

/** Override a student's grade (0-10, one decimal) with a comment, or withdraw the override. */
export function OverrideDialog() {
  const actor = ClassReportActor.useActorRef();
  const open = ClassReportActor.useSelector(isOverrideOpen);
  const saving = ClassReportActor.useSelector(isSaving);
  const form = ClassReportActor.useSelector((s) => s.context.override);
  const error = ClassReportActor.useSelector((s) => s.context.actionError);
  const overridden = ClassReportActor.useSelector(
    (s) => s.context.report?.rows.find((row) => row.studentId === form?.studentId)?.gradedBy === 'instructor',
  );
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'override.submit' });
  };
  const cancel = () => actor.send({ type: 'override.cancel' });
  return (
    <Modal
      open={open}
      onClose={cancel}
      dismissible={!saving}
      title={REPORT_TEXTS.overrideTitle(form?.name ?? '')}
      size="sm"
      footer={
        <>
          {overridden && (
            <Button onClick={() => actor.send({ type: 'override.withdraw' })} disabled={saving}>
              Withdraw override
            </Button>
          )}
          <Button onClick={cancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={saving}>
            Save grade
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextInput
          label="Grade (0 to 10, one decimal)"
          inputMode="decimal"
          value={form?.grade ?? ''}
          error={form?.errors.grade}
          onChange={(event) =>
            actor.send({ type: 'override.change', field: 'grade', value: event.target.value })
          }
          data-autofocus
        />
        <TextArea
          label="Comment"
          value={form?.comment ?? ''}
          error={form?.errors.comment}
          onChange={(event) =>
            actor.send({ type: 'override.change', field: 'comment', value: event.target.value })
          }
        />
        {error && <p role="alert">{error}</p>}
      </form>
    </Modal>
  );
}

/** 'Delete class data', confirmed with the number of students. */
export function DeleteDataDialog() {
  const actor = ClassReportActor.useActorRef();
  const open = ClassReportActor.useSelector(isDeleteOpen);
  const saving = ClassReportActor.useSelector(isSaving);
  const students = ClassReportActor.useSelector(studentCount);
  const error = ClassReportActor.useSelector((s) => s.context.actionError);
  const cancel = () => actor.send({ type: 'delete.cancel' });
  return (
    <Modal
      open={open}
      onClose={cancel}
      dismissible={!saving}
      title={CLASS_REPORT_TEXTS.deleteTitle(students)}
      description="Nothing of them can be read afterwards."
      size="sm"
      footer={
        <>
          <Button onClick={cancel} disabled={saving} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" loading={saving} onClick={() => actor.send({ type: 'delete.confirm' })}>
            {`Delete the data of ${students} student${students === 1 ? '' : 's'}`}
          </Button>
        </>
      }
    >
      {error && <p role="alert">{error}</p>}
    </Modal>
  );
}
