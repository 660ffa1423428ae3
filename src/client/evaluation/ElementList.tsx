import { Badge, type BadgeTone, Table, TBody, Td, THead, Th, Tr } from '@client/components';
import type { ElementStatus, ReportElement } from '@shared/schemas/evaluation';

const STATUS: Record<ElementStatus, { label: string; tone: BadgeTone }> = {
  revealed: { label: 'Revealed', tone: 'green' },
  partly: { label: 'Partly revealed', tone: 'yellow' },
  not: { label: 'Not revealed', tone: 'grey' },
};

const kindLabel = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1);

/**
 * The solution's elements in the solution's order: what each is, whether the conversation
 * revealed it, at which LEIA turn first, and (under its name) the words that did.
 */
export function ElementList({ elements }: { elements: readonly ReportElement[] }) {
  return (
    <Table label="Solution elements" className="report-elements">
      <THead>
        <Tr>
          <Th>Element</Th>
          <Th>Kind</Th>
          <Th>Status</Th>
          <Th className="cell--end">First revealed</Th>
        </Tr>
      </THead>
      <TBody>
        {elements.map((element) => {
          const status = STATUS[element.status];
          return (
            <Tr key={element.id} data-element-status={element.status}>
              <Td>
                <span className="report-elements__label">{element.label}</span>
                {element.parent && !element.label.includes(element.parent) && (
                  <span className="report-elements__parent"> in {element.parent}</span>
                )}
                {element.evidence && (
                  <span className="report-elements__evidence">
                    <span className="visually-hidden">Evidence: </span>
                    <q>{element.evidence}</q>
                  </span>
                )}
              </Td>
              <Td>{kindLabel(element.kind)}</Td>
              <Td className="report-elements__status">
                <Badge tone={status.tone}>{status.label}</Badge>
                {element.unprompted && (
                  <Badge tone="red" className="report-elements__unprompted">
                    Unprompted
                  </Badge>
                )}
              </Td>
              <Td className="cell--end">{element.turn === null ? 'Never' : `Turn ${element.turn}`}</Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
