import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MediaPicker } from '../../src/web/features/play/media-picker';
import type { UploadProgress } from '../../src/web/lib/api-client';
import { renderScreen } from './support/render';

/**
 * The media picker's upload bar (decision 0424): once Send is pressed it shows how far the upload is, as a progressbar
 * with its value and as words, then that the server is checking the file, and goes with the preview once sent. The
 * upload's own progress events are the browser journey's (tests/e2e/video-answer.test.ts); here the parent's send
 * reports them.
 */
describe('the media picker', () => {
  it('shows the upload’s progress as a percent, then the server checking, and clears once sent', async () => {
    let report: (progress: UploadProgress) => void = () => undefined;
    let finish: () => void = () => undefined;
    const sent: File[] = [];
    const onSend = (file: File, onProgress: (progress: UploadProgress) => void) =>
      new Promise<void>((resolve) => {
        sent.push(file);
        report = onProgress;
        finish = resolve;
      });
    const { user } = renderScreen(<MediaPicker kind="video" name="Film the war cry" liveCapture={false} busy={false} onSend={onSend} />, { path: '/' });

    const clip = new File([new Uint8Array(2 * 1024 * 1024)], 'war-cry.webm', { type: 'video/webm' });
    await user.upload(screen.getByLabelText('Video for Film the war cry'), clip);
    expect(screen.queryByRole('progressbar')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send video' }));
    expect(sent).toEqual([clip]);

    const bar = await screen.findByRole('progressbar', { name: 'Uploading the video' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    report({ sent: 838_861, total: clip.size });
    await screen.findByText('Uploading the video: 40%');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('40% of 2.0 MB');
    report({ sent: clip.size, total: clip.size });
    await screen.findByText('Uploaded: the server is checking the video…');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    finish();
    await screen.findByText('🎥 Record a video');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByTestId('video-preview')).toBeNull();
  });
});
