import { useEffect, useRef, useState } from 'react';
import { Button, buttonClass, cx } from '../../components/ui';
import { MAX_MEDIA_BYTES, type MediaKind } from '../../../shared/media';
import { UPLOAD_MESSAGES } from '../../../shared/uploads';
import { MAX_VIDEO_MB, MAX_VIDEO_SECONDS, VIDEO_MESSAGES } from '../../../shared/video-uploads';
import type { UploadProgress } from '../../lib/api-client';
import { useLocale, useMessageText, useT, type Translate } from '../../lib/i18n';

type Props = {
  kind: MediaKind;
  /** The challenge's name, for the input's label. */
  name: string;
  /** The camera only, no gallery pick (decision 0423: asked of the phone, not provable by the server). */
  liveCapture: boolean;
  busy: boolean;
  /**
   * Sends the chosen file, telling `onProgress` how far the upload is; resolves once it is sent (the preview then
   * goes), rejects to keep it for another try.
   */
  onSend: (file: File, onProgress: (progress: UploadProgress) => void) => Promise<void>;
};

/** Each kind's words (the play catalogue's keys) and its size cap's sentence (the server's own, in the messages catalogue). */
const WORDS = {
  photo: { take: 'takePhoto', send: 'sendPhoto', input: 'photoFor', preview: 'photoPreviewAlt', accept: 'image/*', tooLarge: UPLOAD_MESSAGES.tooLarge },
  video: { take: 'recordVideo', send: 'sendVideo', input: 'videoFor', preview: 'videoPreviewAlt', accept: 'video/*', tooLarge: VIDEO_MESSAGES.tooLarge },
} as const;

/** A size in megabytes with one decimal, in the reader's digits and unit ("2.0 MB", "2,0 Mo"). */
function useMegabytes(): (bytes: number) => string {
  const t = useT('play');
  const { locale } = useLocale();
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (bytes) => t('megabytes', { size: number.format(bytes / 1024 / 1024) });
}

/** The caps as the phone shows them before the upload: the shared limits, in the reader's words. */
const capsText = (kind: MediaKind, t: Translate<'play'>) =>
  kind === 'photo' ? t('capsPhoto', { mb: MAX_MEDIA_BYTES.photo / 1024 / 1024 }) : t('capsVideo', { seconds: MAX_VIDEO_SECONDS, mb: MAX_VIDEO_MB });

/**
 * Take or pick a photo or a video, see it, then Send or Retake (issues 19, 29): nothing leaves the phone before Send,
 * so a blurred shot or the wrong clip is never scored. The caps are shown before anything is picked, and a file over
 * the size cap is refused here with the server's own sentence (the server still judges the bytes and the length).
 */
export function MediaPicker({ kind, name, liveCapture, busy, onSend }: Props) {
  const t = useT('play');
  const say = useMessageText();
  const megabytes = useMegabytes();
  const words = WORDS[kind];
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setProblem(file.size > MAX_MEDIA_BYTES[kind] ? say(words.tooLarge) : null);
    setPicked({ file, url: URL.createObjectURL(file) });
  };
  const send = () => {
    if (!picked || problem) return;
    setProgress({ sent: 0, total: picked.file.size });
    onSend(picked.file, setProgress).then(
      () => {
        setProgress(null);
        setPicked(null);
      },
      () => setProgress(null),
    );
  };
  const fileInput = (
    <input
      ref={input}
      type="file"
      accept={words.accept}
      // With live capture the camera opens and the gallery is not offered; without it the phone offers both.
      {...(liveCapture ? { capture: 'environment' as const } : {})}
      className="sr-only"
      disabled={busy}
      data-testid={`${kind}-input`}
      aria-label={t(words.input, { name })}
      onChange={(e) => choose(e.target.files?.[0])}
    />
  );
  const caps = (
    <p className="text-sm text-slate-600" data-testid={`${kind}-caps`}>
      {capsText(kind, t)}
      {liveCapture ? ` · ${t('liveCapture')}` : ''}
    </p>
  );
  if (!picked) {
    return (
      <div className="space-y-1">
        {/* The kit's primary look (dark text on amber, issue 28); a label, so a tap opens the camera. */}
        <label className={cx(buttonClass('primary', 'lg'), 'cursor-pointer gap-2 focus-within:outline-3 focus-within:outline-brand-500', busy && 'opacity-60')}>
          {t(words.take)}
          {fileInput}
        </label>
        {caps}
      </div>
    );
  }
  return (
    <div className="space-y-2" data-testid={`${kind}-preview`}>
      {kind === 'photo' ? (
        <img src={picked.url} alt={t(words.preview, { name })} className="max-h-64 w-full rounded-lg object-contain" />
      ) : (
        <video src={picked.url} controls playsInline preload="metadata" aria-label={t(words.preview, { name })} className="max-h-64 w-full rounded-lg" />
      )}
      <p className="text-sm text-slate-600">{t('notSentYet', { size: megabytes(picked.file.size) })}</p>
      {caps}
      {problem ? (
        <p className="text-sm font-medium text-red-800" role="alert">
          {problem}
        </p>
      ) : null}
      {progress ? <UploadBar progress={progress} kind={kind} /> : null}
      <div className="flex gap-2">
        <label
          className={cx(
            buttonClass('secondary', 'lg'),
            'cursor-pointer font-semibold focus-within:outline-3 focus-within:outline-brand-500',
            busy && 'opacity-60',
          )}
        >
          {t('retake')}
          {fileInput}
        </label>
        <Button variant="primary" size="lg" className="flex-1" disabled={busy || problem !== null} onClick={send}>
          {busy ? t('sendingSize', { size: megabytes(picked.file.size) }) : t(words.send)}
        </Button>
      </div>
    </div>
  );
}

/**
 * How far the upload is, from the request's own progress events (decision 0424): the percent as a progressbar's value
 * and in words; at 100 % the server still checks the bytes, so the bar says it is waiting for it.
 */
function UploadBar({ progress, kind }: { progress: UploadProgress; kind: MediaKind }) {
  const t = useT('play');
  const megabytes = useMegabytes();
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.sent / progress.total) * 100)) : 0;
  const photo = kind === 'photo';
  const words = percent < 100 ? t(photo ? 'uploadingPhotoPercent' : 'uploadingVideoPercent', { percent }) : t(photo ? 'checkingPhoto' : 'checkingVideo');
  return (
    <div className="space-y-1" data-testid="upload-progress">
      <div
        role="progressbar"
        aria-label={t(photo ? 'uploadingPhoto' : 'uploadingVideo')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('percentOf', { percent, size: megabytes(progress.total) })}
        className="h-2 w-full overflow-hidden rounded bg-slate-100"
      >
        <div className="h-2 rounded bg-brand-500 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700">{words}</p>
    </div>
  );
}
