import type { ComponentProps, ReactNode } from 'react';
import { BrandHeader } from '../../components/brand-header';
import { Section } from '../../components/ui';
import { Spinner } from '../../components/spinner';
import { useT } from '../../lib/i18n';
import { loadErrorKey } from './use-booking';

/** Small building blocks shared by the booker's pages; the controls themselves come from components/ui. */

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 sm:justify-start">
      <dt className="shrink-0 text-sm text-slate-600 sm:w-40">{label}</dt>
      <dd className="text-right font-medium text-slate-900 sm:text-left">{children}</dd>
    </div>
  );
}

/** The page frame under the brand header: centred, narrow enough to read on a desktop, edge to edge on a phone. */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <BrandHeader width="max-w-3xl" />
      <main className="mx-auto w-full max-w-3xl space-y-4 px-3 py-4 sm:px-6 sm:py-8">{children}</main>
    </>
  );
}

/** The page when its booking cannot be loaded: why (use-booking.ts), and the ways on. */
export function LoadFailed({ error }: { error: unknown }) {
  const t = useT('booker');
  return (
    <PageFrame>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
        <h1 className="text-xl font-bold text-slate-900">{t(loadErrorKey(error))}</h1>
        <p className="mt-2 text-slate-600">{t('checkCode')}</p>
        <a className="mt-4 inline-block font-semibold text-brand-700 underline" href="/">
          {t('bookAGame')}
        </a>
      </div>
    </PageFrame>
  );
}

/** A section of the booker's pages (the roomier look), its locked badge and note in the reader's language. */
export function PageSection(props: Omit<ComponentProps<typeof Section>, 'look' | 'lockedWords'>) {
  const t = useT('booker');
  return <Section look="page" lockedWords={{ badge: t('locked'), note: t('lockedNote') }} {...props} />;
}

/** The page while its booking loads. */
export function PageLoading() {
  const t = useT('booker');
  return (
    <PageFrame>
      <Spinner label={t('loading')} />
    </PageFrame>
  );
}
