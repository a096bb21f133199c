/**
 * What a video answer must be (issue 29, decision 0420): shown on the phone before the upload and enforced by the
 * server while the body streams in and again on the stored bytes. The type and the length are read from the bytes
 * (shared/video-container.ts), never from the file's name or the Content-Type the client claims.
 */
export const VIDEO_TYPES = ['video/webm', 'video/mp4', 'video/quicktime'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

export const VIDEO_EXTENSIONS: Readonly<Record<VideoType, string>> = { 'video/webm': 'webm', 'video/mp4': 'mp4', 'video/quicktime': 'mov' };

/**
 * A minute holds every "film…" challenge (the longest asks for a 20-second review) with room for a slow start; 50 MB
 * holds a minute of a phone's 720p recording, or 20 seconds at 1080p.
 */
export const MAX_VIDEO_SECONDS = 60;
export const MAX_VIDEO_MB = 50;
export const MAX_VIDEO_BYTES = MAX_VIDEO_MB * 1024 * 1024;

export const VIDEO_MESSAGES = {
  empty: 'The video is empty',
  tooLarge: `The video is too large: at most ${MAX_VIDEO_MB} MB`,
  tooLong: `The video is too long: at most ${MAX_VIDEO_SECONDS} seconds`,
  notVideo: 'Only WebM, MP4 or QuickTime (MOV) videos can be uploaded',
  noLength: 'The video’s length could not be read: record it again or pick another file',
} as const;

/** The caps as the phone shows them before the upload. */
export const VIDEO_CAPS_TEXT = `Up to ${MAX_VIDEO_SECONDS} seconds and ${MAX_VIDEO_MB} MB`;
