import { describe, expect, it } from 'vitest';
import { BOOKING_SOURCE_LABELS, inferSource, sourceLabel } from './tracking';

describe('a booking’s source', () => {
  it('names every source inferSource can give, from the one map the staff list and the export read', () => {
    expect(sourceLabel(inferSource({ utm_source: 'Instagram_Stories' }))).toBe('Instagram');
    expect(sourceLabel(inferSource({ fbclid: 'x' }))).toBe('Facebook');
    expect(sourceLabel(inferSource({ li_fat_id: 'x' }))).toBe('LinkedIn');
    expect(sourceLabel(inferSource({ gclid: 'x' }))).toBe('Google');
    expect(sourceLabel(inferSource({ utm_source: 'newsletter' }))).toBe('');
    expect(Object.keys(BOOKING_SOURCE_LABELS).sort()).toEqual(['facebook', 'google', 'instagram', 'linkedin']);
  });
});
