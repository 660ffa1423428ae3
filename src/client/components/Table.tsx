import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';

/**
 * Table primitives: plain semantic table elements with the design system's styling.
 *
 *   <Table label="Users">
 *     <THead><Tr><Th>Email</Th><Th align="end">Actions</Th></Tr></THead>
 *     <TBody><Tr><Td>a@b.c</Td><Td align="end">...</Td></Tr></TBody>
 *   </Table>
 *
 * `label` names the table for assistive technology (a visually hidden caption). The table
 * scrolls horizontally inside its frame on narrow screens. Th defaults to scope="col".
 */

type Align = 'start' | 'center' | 'end';

export interface TableProps extends ComponentPropsWithRef<'table'> {
  label?: string;
  /** Extra content of the caption beyond the label (rarely needed). */
  caption?: ReactNode;
}

export function Table({ label, caption, className, children, ...props }: TableProps) {
  return (
    <div className="table-frame">
      <table className={cx('table', className)} {...props}>
        {(label || caption) && (
          <caption className={caption ? 'table__caption' : 'visually-hidden'}>{caption ?? label}</caption>
        )}
        {children}
      </table>
    </div>
  );
}

export const THead = (props: ComponentPropsWithRef<'thead'>) => <thead {...props} />;
export const TBody = (props: ComponentPropsWithRef<'tbody'>) => <tbody {...props} />;
export const Tr = (props: ComponentPropsWithRef<'tr'>) => <tr {...props} />;

export interface CellProps {
  align?: Align;
  /** Shrink to content (e.g. an actions column). */
  shrink?: boolean;
}

const cellClass = ({ align, shrink }: CellProps, className?: string) =>
  cx(align && align !== 'start' && `cell--${align}`, shrink && 'cell--shrink', className) || undefined;

export function Th({
  align,
  shrink,
  className,
  scope = 'col',
  ...props
}: ComponentPropsWithRef<'th'> & CellProps) {
  return <th scope={scope} className={cellClass({ align, shrink }, className)} {...props} />;
}

export function Td({ align, shrink, className, ...props }: ComponentPropsWithRef<'td'> & CellProps) {
  return <td className={cellClass({ align, shrink }, className)} {...props} />;
}
