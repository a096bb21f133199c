import type { VoucherStatus } from '../../../shared/commerce/gift-vouchers';
import { formatVoucherCode } from '../../../shared/commerce/gift-vouchers';
import { Badge, type BadgeTone } from '../../components/ui';

const STATUS: Record<VoucherStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Awaiting payment', tone: 'amber' },
  active: { label: 'Active', tone: 'green' },
  used: { label: 'Used', tone: 'slate' },
  expired: { label: 'Expired', tone: 'red' },
};

export function VoucherStatusBadge({ status }: { status: VoucherStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

/** A voucher's code as printed (ABCD-EFGH-JKMN), or a dash while a bought one is unpaid (it has none yet). */
export const codeText = (code: string | null) => (code ? formatVoucherCode(code) : '—');
