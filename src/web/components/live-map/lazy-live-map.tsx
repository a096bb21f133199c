import { lazy, Suspense, type ComponentProps } from 'react';
import { useT } from '../../lib/i18n';

const LiveMap = lazy(() => import('./live-map'));

/** The live map as its own chunk (Leaflet is heavy): pages import this, never live-map.tsx itself. */
export function LazyLiveMap(props: ComponentProps<typeof LiveMap>) {
  // Asked here, outside the map's own boundary: a fallback cannot wait for a catalogue.
  const t = useT('common');
  return (
    <Suspense fallback={<div className="flex h-72 items-center justify-center rounded-xl bg-slate-100 text-slate-600 sm:h-96">{t('loadingMap')}</div>}>
      <LiveMap {...props} />
    </Suspense>
  );
}
