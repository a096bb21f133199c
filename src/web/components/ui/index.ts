// The public wizard imports './button' itself, not this index: through the index its first load also fetched the
// Dialog (Radix) it never opens, 3 KB gzip that put it over its 150 KB budget (docs/BENCHMARKS.md, 2026-11-24).
export { Badge, type BadgeTone } from './badge';
export { Button, type ButtonProps } from './button';
export { buttonClass, cx, inputClass, labelClass, type ButtonVariant, type ControlSize } from './classes';
export { Dialog, type DialogSize } from './dialog';
export { Field, FieldError, useFieldControl } from './field';
export { Input, Select, Textarea } from './input';
export { LOCKED_NOTE, Section } from './section';
export { EmptyState, ErrorState } from './states';
export { EmptyTableRow, Table, TableCell, TableHead, TableHeaderCell, TableRow, type TableProps } from './table';
