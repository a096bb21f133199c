import { useEffect, useState } from 'react';

/**
 * A photo behind a header (the player token, the management key): an <img src> cannot send one, so the photo is
 * fetched and shown from an object URL, released when the component goes.
 */
export function useAuthedPhoto(url: string | null, headers: Record<string, string>): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  const headerText = JSON.stringify(headers);
  useEffect(() => {
    if (!url) return undefined;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ src: null, failed: false });
    fetch(url, { headers: JSON.parse(headerText) as Record<string, string>, credentials: 'same-origin', signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        objectUrl = URL.createObjectURL(await res.blob());
        setState({ src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ src: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, headerText]);
  return state;
}

export function AuthedPhoto({ url, headers, alt, className }: { url: string; headers: Record<string, string>; alt: string; className?: string }) {
  const { src, failed } = useAuthedPhoto(url, headers);
  if (failed) return <p className="text-sm text-slate-600">The photo could not be loaded.</p>;
  if (!src) return <div className={`animate-pulse bg-slate-100 ${className ?? 'h-40 w-full'}`} aria-label="Loading photo" />;
  return <img src={src} alt={alt} className={className} />;
}

/**
 * A photo or a video behind a header (issue 29): a <video src> cannot send one either, so the file is fetched whole
 * and played from an object URL. Used where the viewer holds a token, not a session (the player's own answers, the
 * album); staff and the host play the address itself, which answers byte ranges.
 */
export function AuthedMedia({
  url,
  kind,
  headers,
  alt,
  className,
}: {
  url: string;
  kind: 'photo' | 'video';
  headers: Record<string, string>;
  alt: string;
  className?: string;
}) {
  const { src, failed } = useAuthedPhoto(kind === 'video' ? url : null, headers);
  if (kind === 'photo') return <AuthedPhoto url={url} headers={headers} alt={alt} className={className} />;
  if (failed) return <p className="text-sm text-slate-600">The video could not be loaded.</p>;
  if (!src) return <div className={`animate-pulse bg-slate-100 ${className ?? 'h-40 w-full'}`} aria-label="Loading video" />;
  return <video src={src} controls playsInline preload="metadata" aria-label={alt} className={className} data-testid="answer-video" />;
}
