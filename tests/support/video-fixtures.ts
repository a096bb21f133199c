export { mp4, webm, type Mp4Options, type WebmOptions } from '../../scripts/video-fixtures';
