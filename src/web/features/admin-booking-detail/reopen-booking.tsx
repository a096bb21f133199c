import { useState } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { BOOKING_LIFECYCLE_MESSAGES, closedPaymentMessage, REOPENED_LEAD_STATUS } from '../../../shared/lifecycle/booking-states';
import { Button, Dialog, Field, FieldError, Textarea } from '../../components/ui';
import { useAction } from '../../lib/use-action';
import { detailCalls, writesBooking } from './detail-api';

/**
 * A closed booking (lead lost or trash, or cancelled) takes no payment until staff reopen it (decision 0190): the
 * payments section says so in the server's words and offers Reopen, which asks why.
 */
export function ReopenBooking({ booking }: { booking: AdminBooking }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useAction({
    call: (why: string) => detailCalls.reopen(booking, why),
    success: BOOKING_LIFECYCLE_MESSAGES.reopened,
    failure: 'Failed to reopen the booking',
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
      <p className="text-sm text-slate-700">{closedPaymentMessage(booking)}</p>
      <Button variant="primary" onClick={() => setOpen(true)}>
        Reopen booking
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Reopen booking"
        description={`Its lead status becomes ${REOPENED_LEAD_STATUS}, and payments can be recorded again.`}
        size="sm"
        footer={
          <>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button variant="primary" disabled={save.isPending} onClick={reopen}>
              Reopen
            </Button>
          </>
        }
      >
        <Field label="Why is this booking reopened?" id="reopen-reason">
          <Textarea
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            rows={3}
          />
        </Field>
        <FieldError message={error} />
      </Dialog>
    </div>
  );
}
