import { Link } from 'react-router';
import { paths } from '../../lib/paths';

export function BookingLink({ id, name, email }: { id: number; name: string | null; email: string }) {
  return (
    <Link to={paths.admin.booking(id)} className="text-brand-700 underline">
      {name ?? email}
    </Link>
  );
}
