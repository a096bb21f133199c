import { useT } from '../lib/i18n';
import { useReaderFormat } from '../lib/reader-format';
import { pagerItems } from './pager-items';
import { Button } from './ui';

type PagerProps = {
  currentPage: number;
  lastPage: number;
  onPageChange: (page: number) => void;
  visiblePages?: number;
};

/** Previous, Next, numbered pages with ellipses, and 'Page X of Y' (spec: 5 visible by default). */
export function Pager({ currentPage, lastPage, onPageChange, visiblePages = 5 }: PagerProps) {
  const t = useT('account');
  // Page numbers as the reader writes them (English: as always, 1200; German: 1.200).
  const { integer } = useReaderFormat();
  if (lastPage < 1) return null;
  const button = 'min-w-9 rounded-md border px-3 py-1.5 text-sm disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <nav aria-label={t('pager.label')} className="flex flex-wrap items-center justify-between gap-3 py-3">
      <p className="text-sm text-slate-600">{t('pager.pageOf', { current: integer(currentPage), last: integer(lastPage) })}</p>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <Button
            variant="unstyled"
            className={`${button} border-slate-300 bg-white`}
            disabled={currentPage <= 1}
            onClick={() => onPageChange(currentPage - 1)}
          >
            {t('pager.previous')}
          </Button>
        </li>
        {pagerItems(currentPage, lastPage, visiblePages).map((item) =>
          item.kind === 'ellipsis' ? (
            <li key={item.key} aria-hidden="true" className="px-2 text-slate-500">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Button
                variant="unstyled"
                aria-current={item.page === currentPage ? 'page' : undefined}
                aria-label={t('pager.page', { page: integer(item.page) })}
                className={`${button} ${item.page === currentPage ? 'border-brand-600 bg-brand-500 font-semibold text-slate-900' : 'border-slate-300 bg-white'}`}
                onClick={() => onPageChange(item.page)}
              >
                {integer(item.page)}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button
            variant="unstyled"
            className={`${button} border-slate-300 bg-white`}
            disabled={currentPage >= lastPage}
            onClick={() => onPageChange(currentPage + 1)}
          >
            {t('pager.next')}
          </Button>
        </li>
      </ul>
    </nav>
  );
}
