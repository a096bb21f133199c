import type { VoucherStatus } from '../../../shared/commerce/gift-vouchers';
import { formatVoucherCode } from '../../../shared/commerce/gift-vouchers';
import { Badge, type BadgeTone } from '../../components/ui';
import { useT, type KeyOf } from '../../lib/i18n';

const STATUS = {
  pending: { label: 'voucherStatus.pending', tone: 'amber' },
  active: { label: 'voucherStatus.active', tone: 'green' },
  used: { label: 'voucherStatus.used', tone: 'slate' },
  expired: { label: 'voucherStatus.expired', tone: 'red' },
} as const satisfies Record<VoucherStatus, { label: KeyOf<'money'>; tone: BadgeTone }>;

export function VoucherStatusBadge({ status }: { status: VoucherStatus }) {
  const t = useT('money');
  return <Badge tone={STATUS[status].tone}>{t(STATUS[status].label)}</Badge>;
}

/** A voucher's code as printed (ABCD-EFGH-JKMN), or a dash while a bought one is unpaid (it has none yet). */
export const codeText = (code: string | null) => (code ? formatVoucherCode(code) : '—');
