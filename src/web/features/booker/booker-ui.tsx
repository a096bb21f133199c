import type { ReactNode } from 'react';
import { BrandHeader } from '../../components/brand-header';

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

export function LoadFailed({ message }: { message: string }) {
  return (
    <PageFrame>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
        <h1 className="text-xl font-bold text-slate-900">{message}</h1>
        <p className="mt-2 text-slate-600">Check the code in your email, or contact us if you need help.</p>
        <a className="mt-4 inline-block font-semibold text-brand-700 underline" href="/">
          Book a game
        </a>
      </div>
    </PageFrame>
  );
}
