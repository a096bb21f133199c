import { useState } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { BOOKING_LIFECYCLE_MESSAGES, REOPENED_LEAD_STATUS, closedPaymentMessage } from '../../../shared/lifecycle/booking-states';
import { Button, Dialog, Field, FieldError, Textarea } from '../../components/ui';
import { useAction } from '../../lib/use-action';
import { detailCalls, writesBooking } from './detail-api';
import { useMessageText, useT } from '../../lib/i18n';
import { useStatusText } from '../../lib/status-text';

/**
 * A closed booking (lead lost or trash, or cancelled) takes no payment until staff reopen it (decision 0190): the
 * payments section says so in the server's words and offers Reopen, which asks why.
 */
export function ReopenBooking({ booking }: { booking: AdminBooking }) {
  const t = useT('admin');
  const message = useMessageText();
  const statusText = useStatusText();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useAction({
    call: (why: string) => detailCalls.reopen(booking, why),
    success: message(BOOKING_LIFECYCLE_MESSAGES.reopened),
    failure: t('reopen.failed'),
    failureToast: 'server',
    ...writesBooking(booking.id),
    onSuccess: () => {
      setOpen(false);
      setReason('');
    },
  });

  function reopen() {
    if (!reason.trim()) {
      setError(BOOKING_LIFECYCLE_MESSAGES.reopenReason);
      return;
    }
    void save.run(reason.trim());
  }

  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4" data-testid="booking-closed">
      <p className="text-sm text-slate-700">{message(closedPaymentMessage(booking))}</p>
      <Button variant="primary" onClick={() => setOpen(true)}>
        {t('reopen.title')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('reopen.title')}
        description={t('reopen.description', { status: statusText(REOPENED_LEAD_STATUS) })}
        size="sm"
        footer={
          <>
            <Button onClick={() => setOpen(false)}>{t('detail.cancel')}</Button>
            <Button variant="primary" disabled={save.isPending} onClick={reopen}>
              {t('reopen.reopen')}
            </Button>
          </>
        }
      >
        <Field label={t('reopen.why')} id="reopen-reason">
          <Textarea
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            rows={3}
          />
        </Field>
        <FieldError message={error && message(error)} />
      </Dialog>
    </div>
  );
}
