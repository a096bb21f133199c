import { Suspense, useEffect, useState } from 'react';
import { useT } from './i18n';

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

/** The grey box a photo or video takes while it comes. */
const placeholder = (className: string | undefined) => `animate-pulse bg-slate-100 ${className ?? 'h-40 w-full'}`;

/**
 * While the file comes, or when it failed: the box or the note, in the reader's language. Its own Suspense: these
 * words are the `account` area's, which the phone and the results page may not have in yet, and waiting for them must
 * not put the whole page back to its spinner (nor hide a file that did come): meanwhile the box shows, unnamed.
 */
function MediaState({ kind, failed, className }: { kind: 'photo' | 'video'; failed: boolean; className: string | undefined }) {
  return (
    <Suspense fallback={<div className={placeholder(className)} />}>
      <MediaStateText kind={kind} failed={failed} className={className} />
    </Suspense>
  );
}

function MediaStateText({ kind, failed, className }: { kind: 'photo' | 'video'; failed: boolean; className: string | undefined }) {
  const t = useT('account');
  if (failed) return <p className="text-sm text-slate-600">{kind === 'photo' ? t('media.photoFailed') : t('media.videoFailed')}</p>;
  return <div className={placeholder(className)} aria-label={kind === 'photo' ? t('media.loadingPhoto') : t('media.loadingVideo')} />;
}

export function AuthedPhoto({ url, headers, alt, className }: { url: string; headers: Record<string, string>; alt: string; className?: string }) {
  const { src, failed } = useAuthedPhoto(url, headers);
  if (failed || !src) return <MediaState kind="photo" failed={failed} className={className} />;
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
  if (failed || !src) return <MediaState kind="video" failed={failed} className={className} />;
  return <video src={src} controls playsInline preload="metadata" aria-label={alt} className={className} data-testid="answer-video" />;
}
