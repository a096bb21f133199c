import type { ReactNode } from 'react';
import { BrandHeader } from '../../components/brand-header';

/** The public gift voucher pages under the brand header; printed, only the voucher itself is left (print: variants). */
export function VoucherFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <div className="print:hidden">
        <BrandHeader width="max-w-3xl" />
      </div>
      <main className="mx-auto w-full max-w-3xl space-y-4 px-3 py-4 sm:px-6 sm:py-8 print:max-w-none print:p-0">{children}</main>
    </>
  );
}
