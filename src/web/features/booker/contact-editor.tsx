import { useId, useState } from 'react';
import type { BookerBooking } from '../../../shared/api/booking';
import type { UpdateBookingInput } from '../../../shared/api/public-booking';
import { buttonClass, FieldError, inputClass, labelClass } from '../../components/ui';

type Props = { booking: BookerBooking; saving: boolean; error: string | null; onSave: (body: UpdateBookingInput) => void };

/** The booker's name, phone and company; the email is the booking's key and stays as booked. */
export function ContactEditor({ booking, saving, error, onSave }: Props) {
  const id = useId();
  const [fullName, setFullName] = useState(booking.full_name ?? '');
  const [phone, setPhone] = useState(booking.tel ?? '');
  const [company, setCompany] = useState(booking.company_name ?? '');
  const changed = fullName.trim() !== (booking.full_name ?? '') || phone.trim() !== (booking.tel ?? '') || company.trim() !== (booking.company_name ?? '');
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ full_name: fullName, phone, company_name: company, version: booking.version });
      }}
    >
      <p className="text-sm text-slate-700">
        Email: <strong>{booking.email}</strong> (contact us to change it)
      </p>
      <div>
        <label htmlFor={`${id}-name`} className={labelClass('lg')}>
          Full name
        </label>
        <input id={`${id}-name`} className={inputClass('lg')} autoComplete="name" maxLength={200} value={fullName} onChange={(e) => setFullName(e.target.value)} />
      </div>
      <div>
        <label htmlFor={`${id}-phone`} className={labelClass('lg')}>
          Phone
        </label>
        <input id={`${id}-phone`} className={inputClass('lg')} type="tel" autoComplete="tel" maxLength={50} value={phone} onChange={(e) => setPhone(e.target.value)} />
      </div>
      <div>
        <label htmlFor={`${id}-company`} className={labelClass('lg')}>
          Company
        </label>
        <input
          id={`${id}-company`}
          className={inputClass('lg')}
          autoComplete="organization"
          maxLength={200}
          value={company}
          onChange={(e) => setCompany(e.target.value)}
        />
      </div>
      <button type="submit" className={buttonClass('primary', 'lg')} disabled={!changed || saving}>
        {saving ? 'Saving…' : 'Save contact details'}
      </button>
      <FieldError className="mt-2" message={error} />
    </form>
  );
}
