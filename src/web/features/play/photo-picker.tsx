import { useEffect, useRef, useState } from 'react';
import { Button, buttonClass, cx } from '../../components/ui';

type Props = {
  /** The challenge's name, for the input's label. */
  name: string;
  busy: boolean;
  /** Sends the chosen photo; resolves once it is sent (the preview then goes), rejects to keep it for another try. */
  onSend: (file: File) => Promise<void>;
};

/**
 * Take or pick a photo, see it, then Send or Retake (issue 19): nothing leaves the phone before Send, so a blurred
 * shot or the wrong picture from the gallery is never scored.
 */
export function PhotoPicker({ name, busy, onSend }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (file) setPicked({ file, url: URL.createObjectURL(file) });
  };
  const send = () => {
    if (!picked) return;
    onSend(picked.file).then(
      () => setPicked(null),
      () => undefined,
    );
  };
  const fileInput = (
    <input
      ref={input}
      type="file"
      accept="image/*"
      capture="environment"
      className="sr-only"
      disabled={busy}
      data-testid="photo-input"
      aria-label={`Photo for ${name}`}
      onChange={(e) => choose(e.target.files?.[0])}
    />
  );
  if (!picked) {
    return (
      // The kit's primary look (dark text on amber: white on the darker amber was 3.4:1, issue 28); a label, so a tap opens the camera.
      <label className={cx(buttonClass('primary', 'lg'), 'cursor-pointer gap-2 focus-within:outline-3 focus-within:outline-brand-500', busy && 'opacity-60')}>
        📷 Take a photo
        {fileInput}
      </label>
    );
  }
  return (
    <div className="space-y-2" data-testid="photo-preview">
      <img src={picked.url} alt={`Your photo for ${name}, not sent yet`} className="max-h-64 w-full rounded-lg object-contain" />
      <p className="text-sm text-slate-600">Not sent yet: check it, then send it to the host.</p>
      <div className="flex gap-2">
        <label
          className={cx(
            buttonClass('secondary', 'lg'),
            'cursor-pointer font-semibold focus-within:outline-3 focus-within:outline-brand-500',
            busy && 'opacity-60',
          )}
        >
          Retake
          {fileInput}
        </label>
        <Button variant="primary" size="lg" className="flex-1" disabled={busy} onClick={send}>
          {busy ? 'Sending…' : 'Send photo'}
        </Button>
      </div>
    </div>
  );
}
