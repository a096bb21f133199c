import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { sourceLabel, type BookingSource } from '../../../shared/tracking';
import { useCopyToClipboard } from '../../lib/clipboard';
import { paths } from '../../lib/paths';
import { Button } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { useStatusText } from '../../lib/status-text';

/** A row of sub-tabs: buttons with aria-pressed, so the current one is announced. */
export function SubTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
      {tabs.map((tab) => (
        <Button
          key={tab.value}
          variant="unstyled"
          aria-pressed={tab.value === value}
          onClick={() => onChange(tab.value)}
          className={`rounded-md px-3 py-1.5 text-sm ${tab.value === value ? 'bg-white font-semibold text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
        >
          {tab.label}
        </Button>
      ))}
    </div>
  );
}

/** One figure of a metrics strip; a button when it filters the list. */
export function MetricCard({
  label,
  value,
  active,
  onClick,
  testId,
}: {
  label: string;
  value: ReactNode;
  active?: boolean;
  onClick?: () => void;
  testId?: string;
}) {
  const body = (
    <>
      <span className="block text-sm text-slate-600">{label}</span>
      <span className="mt-1 block text-2xl font-bold text-slate-900" data-testid={testId}>
        {value}
      </span>
    </>
  );
  const cls = `rounded-xl border bg-white p-4 text-left ${active ? 'border-brand-500 ring-2 ring-brand-400' : 'border-slate-200'}`;
  if (!onClick) return <div className={cls}>{body}</div>;
  return (
    <Button variant="unstyled" aria-pressed={!!active} onClick={onClick} className={`${cls} hover:border-brand-400`}>
      {body}
    </Button>
  );
}

export function EmailButton({ email }: { email: string }) {
  const t = useT('admin');
  const copyToClipboard = useCopyToClipboard();
  return (
    <Button
      variant="unstyled"
      title={t('bookings.copyEmail')}
      onClick={() => void copyToClipboard(email, t('bookings.emailCopied'))}
      className="max-w-56 truncate text-left text-brand-700 underline-offset-2 hover:underline"
    >
      {email}
    </Button>
  );
}

export function ViewLink({ id }: { id: number }) {
  const t = useT('admin');
  return (
    <Link to={paths.admin.booking(id)} className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50">
      {t('bookings.view')}
    </Link>
  );
}

const STATUS_CLASS: Record<string, string> = {
  enquiry: 'bg-sky-100 text-sky-800',
  lead: 'bg-violet-100 text-violet-800',
  paid: 'bg-emerald-100 text-emerald-800',
  completed: 'bg-slate-200 text-slate-800',
  new: 'bg-sky-100 text-sky-800',
  contacted: 'bg-amber-100 text-amber-800',
  negotiating: 'bg-violet-100 text-violet-800',
  lost: 'bg-rose-100 text-rose-800',
  converted: 'bg-emerald-100 text-emerald-800',
};

export function StatusBadge({ status }: { status: string }) {
  const statusText = useStatusText();
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${STATUS_CLASS[status] ?? 'bg-slate-100 text-slate-700'}`}>
      {statusText(status)}
    </span>
  );
}

/** A bank-transfer balance past its due date and unpaid (issue 31): staff were sent the overdue notice. */
export function OverdueBadge({ overdue }: { overdue: boolean }) {
  const t = useT('admin');
  if (!overdue) return null;
  return <span className="ml-1 inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{t('bookings.overdue')}</span>;
}

/** Spec: an icon only for Instagram, Facebook, LinkedIn and Google; nothing otherwise. */
export function SourceIcon({ source }: { source: BookingSource }) {
  if (!source) return null;
  const label = sourceLabel(source);
  return (
    <span role="img" aria-label={label} title={label} data-source={source} className="inline-flex h-6 w-6 items-center justify-center">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        {source === 'instagram' && (
          <>
            <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="#c13584" strokeWidth="2" />
            <circle cx="12" cy="12" r="4" fill="none" stroke="#c13584" strokeWidth="2" />
            <circle cx="17.5" cy="6.5" r="1.2" fill="#c13584" />
          </>
        )}
        {source === 'facebook' && (
          <>
            <circle cx="12" cy="12" r="10" fill="#1877f2" />
            <path d="M13.2 19v-5.4h1.9l.3-2.2h-2.2V10c0-.6.2-1.1 1.1-1.1h1.2V7a15 15 0 0 0-1.8-.1c-1.7 0-2.9 1.1-2.9 3v1.5H9v2.2h1.8V19h2.4z" fill="#fff" />
          </>
        )}
        {source === 'linkedin' && (
          <>
            <rect x="2" y="2" width="20" height="20" rx="3" fill="#0a66c2" />
            <path
              d="M7 10h2.2v7H7zM8.1 6.5a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6zM10.9 10h2.1v1c.3-.6 1.1-1.2 2.3-1.2 2.4 0 2.8 1.5 2.8 3.5V17h-2.2v-3.3c0-.8 0-1.8-1.1-1.8s-1.3.9-1.3 1.8V17h-2.2z"
              fill="#fff"
            />
          </>
        )}
        {source === 'google' && (
          <>
            <path d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3z" fill="#4285f4" />
            <path d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22z" fill="#34a853" />
            <path d="M6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 0 0 0 9.2z" fill="#fbbc05" />
            <path d="M12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.4L6.4 10C7.2 7.7 9.4 6 12 6z" fill="#ea4335" />
          </>
        )}
      </svg>
    </span>
  );
}
