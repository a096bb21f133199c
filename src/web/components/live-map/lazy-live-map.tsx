import { lazy, Suspense, type ComponentProps } from 'react';

const LiveMap = lazy(() => import('./live-map'));

/** The live map as its own chunk (Leaflet is heavy): pages import this, never live-map.tsx itself. */
export function LazyLiveMap(props: ComponentProps<typeof LiveMap>) {
  return (
    <Suspense fallback={<div className="flex h-72 items-center justify-center rounded-xl bg-slate-100 text-slate-600 sm:h-96">Loading map...</div>}>
      <LiveMap {...props} />
    </Suspense>
  );
}
