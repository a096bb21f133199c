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

/** A column header: its label, or the label with how it shows (kept on one line; read out only, e.g. "Actions"). */
export type TableHeader = string | { label: string; nowrap?: boolean; srOnly?: boolean };

/**
 * The header row: one column header per label. `card` (the default) goes with a card table; `plain` with a plain one
 * (muted labels, the first column's padding, a gap after every column but the last).
 */
export function TableHead({ headers, look = 'card', cellClassName }: { headers: readonly TableHeader[]; look?: 'card' | 'plain'; cellClassName?: string }) {
  const last = headers.length - 1;
  return (
    <thead className={look === 'card' ? 'bg-slate-50 text-slate-600' : 'text-slate-500'}>
      <tr>
        {headers.map((header, i) => {
          const { label, nowrap = false, srOnly = false } = typeof header === 'string' ? { label: header } : header;
          const cell = cellClassName ?? (look === 'card' ? 'px-4 py-3 font-semibold' : cx(i === 0 && 'py-1', i < last && 'pr-2'));
          return (
            <th key={label} scope="col" className={cx(cell, nowrap && 'whitespace-nowrap') || undefined}>
              {srOnly ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
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
