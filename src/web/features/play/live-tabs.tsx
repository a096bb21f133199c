import { useT } from '../../lib/i18n';
import { useState, type ReactNode } from 'react';
import { Button, cx } from '../../components/ui';

export type LiveTab = { id: string; label: string; content: ReactNode };

/**
 * The live game's tabs on the phone (the map, the challenges, and whatever a plan adds): one shown at a time. Only
 * the shown one is mounted: a Leaflet map laid out while hidden would draw at size zero.
 */
export function LiveTabs({ tabs }: { tabs: readonly LiveTab[] }) {
  const [active, setActive] = useState(tabs[0]?.id ?? '');
  const t = useT('play');
  return (
    <div className="space-y-3">
      <div role="tablist" aria-label={t('tabsLabel')} className="flex gap-1 rounded-xl bg-slate-100 p-1">
        {tabs.map((t) => (
          <Button
            key={t.id}
            variant="unstyled"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={t.id === active}
            aria-controls={`panel-${t.id}`}
            className={cx('flex-1 rounded-lg px-1 py-2 text-xs font-semibold sm:px-3 sm:text-sm', t.id === active ? 'bg-white shadow' : 'text-slate-600')}
            onClick={() => setActive(t.id)}
          >
            {t.label}
          </Button>
        ))}
      </div>
      {tabs
        .filter((t) => t.id === active)
        .map((t) => (
          <div key={t.id} role="tabpanel" id={`panel-${t.id}`} aria-labelledby={`tab-${t.id}`}>
            {t.content}
          </div>
        ))}
    </div>
  );
}
