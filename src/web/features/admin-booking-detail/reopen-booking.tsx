import { useState } from 'react';
import type { AdminBooking } from '../../../shared/api/booking';
import { BOOKING_LIFECYCLE_MESSAGES, closedPaymentMessage, REOPENED_LEAD_STATUS } from '../../../shared/lifecycle/booking-states';
import { Button, Dialog, Field, FieldError, Textarea } from '../../components/ui';
import { detailCalls, useDetailAction } from './detail-api';

/**
 * A closed booking (lead lost or trash, or cancelled) takes no payment until staff reopen it (decision 0296): the
 * payments section says so in the server's words and offers Reopen, which asks why.
 */
export function ReopenBooking({ booking }: { booking: AdminBooking }) {
  const run = useDetailAction(booking.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function reopen() {
    if (!reason.trim()) {
      setError(BOOKING_LIFECYCLE_MESSAGES.reopenReason);
      return;
    }
    setBusy(true);
    const done = await run(() => detailCalls.reopen(booking, reason.trim()), {
      success: BOOKING_LIFECYCLE_MESSAGES.reopened,
      failure: 'Failed to reopen the booking',
      preferServerMessage: true,
      bookingOf: (b) => b,
    });
    setBusy(false);
    if (done) {
      setOpen(false);
      setReason('');
    }
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
            <Button variant="primary" disabled={busy} onClick={() => void reopen()}>
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
