import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { BookerBooking } from '../../../shared/api/booking';
import { updateBookingBody, type UpdateBookingInput } from '../../../shared/api/public-booking';
import { Button, Field, FieldError, Input } from '../../components/ui';
import { useMessageText, useT } from '../../lib/i18n';

type Props = { booking: BookerBooking; saving: boolean; error: string | null; onSave: (body: UpdateBookingInput) => void };

const contactForm = updateBookingBody.pick({ full_name: true, phone: true, company_name: true });

/** The booker's name, phone and company; the email is the booking's key and stays as booked. */
export function ContactEditor({ booking, saving, error, onSave }: Props) {
  const t = useT('booker');
  const ruleText = useMessageText();
  const said = (message: string | undefined) => (message ? ruleText(message) : undefined);
  const form = useForm<z.input<typeof contactForm>, unknown, z.output<typeof contactForm>>({
    resolver: zodResolver(contactForm),
    defaultValues: { full_name: booking.full_name ?? '', phone: booking.tel ?? '', company_name: booking.company_name ?? '' },
  });
  const values = useWatch({ control: form.control });
  const changed =
    (values.full_name ?? '').trim() !== (booking.full_name ?? '') ||
    (values.phone ?? '').trim() !== (booking.tel ?? '') ||
    (values.company_name ?? '').trim() !== (booking.company_name ?? '');
  const { errors } = form.formState;
  return (
    <form className="space-y-4" onSubmit={(e) => void form.handleSubmit((body) => onSave({ ...body, version: booking.version }))(e)}>
      <p className="text-sm text-slate-700">
        {t('emailLabel')} <strong>{booking.email}</strong> {t('emailFixed')}
      </p>
      <Field label={t('fullName')} size="lg" error={said(errors.full_name?.message)}>
        <Input autoComplete="name" maxLength={200} {...form.register('full_name')} />
      </Field>
      <Field label={t('phone')} size="lg" error={said(errors.phone?.message)}>
        <Input type="tel" autoComplete="tel" maxLength={50} {...form.register('phone')} />
      </Field>
      <Field label={t('company')} size="lg" error={said(errors.company_name?.message)}>
        <Input autoComplete="organization" maxLength={200} {...form.register('company_name')} />
      </Field>
      <Button type="submit" variant="primary" size="lg" disabled={!changed || saving}>
        {saving ? t('saving') : t('saveContact')}
      </Button>
      <FieldError className="mt-2" message={error} />
    </form>
  );
}
