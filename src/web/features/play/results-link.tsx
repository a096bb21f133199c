import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { buttonClass } from '../../components/ui';

/** After the game: the way to the results and the photo album. */
export function ResultsLink({ code }: { code: string }) {
  return (
    <p className="text-center">
      <Link to={paths.playResults(code)} className={buttonClass('primary', 'lg')}>
        Results and photo album
      </Link>
    </p>
  );
}
