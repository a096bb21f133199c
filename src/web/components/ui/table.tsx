import type { HTMLAttributes, ReactNode, TableHTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cx } from './classes';

export type TableProps = TableHTMLAttributes<HTMLTableElement> & {
  /**
   * `card` (the default): a staff list's table in its bordered, scrollable frame. `plain`: the bare full-width table,
   * for one inside a section, a dialog or a scrolling region of its own.
   */
  look?: 'card' | 'plain';
};

/** A semantic `<table>` of the kit; its attributes (an accessible name, a test id) go on the table itself. */
export function Table({ look = 'card', className, ...rest }: TableProps) {
  if (look === 'plain') return <table className={cx('w-full text-left text-sm', className)} {...rest} />;
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className={cx('min-w-full text-left text-sm', className)} {...rest} />
    </div>
  );
}

/** The header row: one column header per label. */
export function TableHead({ headers, cellClassName = 'px-4 py-3 font-semibold' }: { headers: readonly string[]; cellClassName?: string }) {
  return (
    <thead className="bg-slate-50 text-slate-600">
      <tr>
        {headers.map((h) => (
          <th key={h} scope="col" className={cellClassName}>
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function TableRow(props: HTMLAttributes<HTMLTableRowElement>) {
  return <tr {...props} />;
}

export function TableCell({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cx('px-4 py-3', className)} {...rest} />;
}

export function TableHeaderCell({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cx('px-4 py-3 font-semibold', className)} {...rest} />;
}

/** The one row a table shows when it has nothing to list, across all its columns. */
export function EmptyTableRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-6 text-center text-slate-500">
        {children}
      </td>
    </tr>
  );
}
