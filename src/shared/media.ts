import { MAX_PHOTO_BYTES, PHOTO_EXTENSIONS, PHOTO_TYPES, type PhotoType } from './uploads';
import { MAX_VIDEO_BYTES, VIDEO_CAPS_TEXT, VIDEO_EXTENSIONS, VIDEO_TYPES, type VideoType } from './video-uploads';

/**
 * A media answer is a photo or a video (issue 29, decision 0421): the kinds the upload takes, the types the bytes may
 * hold, their file extensions in storage and the size cap of each kind.
 */
export const MEDIA_KINDS = ['photo', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export type MediaType = PhotoType | VideoType;
export const MEDIA_TYPES: readonly MediaType[] = [...PHOTO_TYPES, ...VIDEO_TYPES];
export const MEDIA_EXTENSIONS: Readonly<Record<MediaType, string>> = { ...PHOTO_EXTENSIONS, ...VIDEO_EXTENSIONS };

export const MAX_MEDIA_BYTES: Readonly<Record<MediaKind, number>> = { photo: MAX_PHOTO_BYTES, video: MAX_VIDEO_BYTES };

/** The caps as the phone shows them before the upload. */
export const MEDIA_CAPS_TEXT: Readonly<Record<MediaKind, string>> = { photo: `Up to ${MAX_PHOTO_BYTES / 1024 / 1024} MB`, video: VIDEO_CAPS_TEXT };

export const isVideoType = (type: MediaType): type is VideoType => VIDEO_TYPES.some((t) => t === type);
export const mediaKindOfType = (type: MediaType): MediaKind => (isVideoType(type) ? 'video' : 'photo');
