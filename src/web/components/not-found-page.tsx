import { Link } from 'react-router';

/**
 * What an address that is no page shows: said plainly, with the way back to where the visitor can work. The public
 * site points to the booking wizard; inside the admin shell (its sidebar stays) to the bookings.
 */
export function NotFoundPage({ back, backLabel }: { back: string; backLabel: string }) {
  return (
    <main className="p-8">
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600">There is no page at this address.</p>
      <Link className="mt-2 inline-block text-brand-700 underline" to={back}>
        {backLabel}
      </Link>
    </main>
  );
}
