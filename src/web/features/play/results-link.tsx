import { useT } from '../../lib/i18n';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { buttonClass } from '../../components/ui';

/** After the game: the way to the results and the photo album. */
export function ResultsLink({ code }: { code: string }) {
  const t = useT('play');
  return (
    <p className="text-center">
      <Link to={paths.playResults(code)} className={buttonClass('primary', 'lg')}>
        {t('resultsLink')}
      </Link>
    </p>
  );
}
