import { Button, Table, TBody, Td, THead, Th, Tr } from '@client/components';
import { formatDateTime } from '@client/format';
import { elicitedText, rowTimeLeft } from '@machines/classLive/selectors';
import { CLASS_TEXTS } from '@shared/class-sessions';
import type { LiveRow } from '@shared/schemas/class-sessions';
import { ClassLiveActor } from './actors';

const timeOf = (iso: string) => formatDateTime(iso);

/** One row per student, as the live events say; a row's name opens that student's conversation. */
export function LiveTable() {
  const rows = ClassLiveActor.useSelector((s) => s.context.detail?.students ?? []);
  if (rows.length === 0) return <p className="class-live__empty">{CLASS_TEXTS.noStudents}</p>;
  return (
    <div className="class-live__table">
      <Table label={CLASS_TEXTS.liveTitle}>
        <THead>
          <Tr>
            <Th>Student</Th>
            <Th>LEIA</Th>
            <Th>Joined</Th>
            <Th align="center">Messages</Th>
            <Th>Last activity</Th>
            <Th align="center">Elicited</Th>
            <Th>Handed in</Th>
            <Th>Time left</Th>
          </Tr>
        </THead>
        <TBody>
          {rows.map((row) => (
            <LiveTableRow key={row.studentId} row={row} />
          ))}
        </TBody>
      </Table>
    </div>
  );
}

function LiveTableRow({ row }: { row: LiveRow }) {
  const actor = ClassLiveActor.useActorRef();
  const timeLeft = ClassLiveActor.useSelector((s) => rowTimeLeft(s, row));
  return (
    <Tr data-student-id={row.studentId}>
      <Td>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => actor.send({ type: 'student.open', studentId: row.studentId })}
        >
          {row.displayName}
        </Button>
        {row.email && <span className="class-live__email">{row.email}</span>}
      </Td>
      <Td>{row.leia.name}</Td>
      <Td>
        <time dateTime={row.joinedAt}>{timeOf(row.joinedAt)}</time>
      </Td>
      <Td align="center" data-column="messages">
        {row.messages}
      </Td>
      <Td>
        <time dateTime={row.lastActivityAt}>{timeOf(row.lastActivityAt)}</time>
      </Td>
      <Td align="center">{elicitedText(row)}</Td>
      <Td data-column="handed-in">{row.handedIn ? (row.autoHandedIn ? 'Yes (at the end)' : 'Yes') : 'No'}</Td>
      <Td>{timeLeft}</Td>
    </Tr>
  );
}
