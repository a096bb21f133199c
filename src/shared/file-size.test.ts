import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('says bytes, then KB and MB with one decimal', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(1023)).toBe('1023 bytes');
    expect(formatFileSize(1024)).toBe('1.0 KB');
    expect(formatFileSize(12_345)).toBe('12.1 KB');
    expect(formatFileSize(3 * 1024 * 1024 + 200_000)).toBe('3.2 MB');
  });
});
