import { describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DETAIL_MESSAGES, detailPatchBody } from '../../shared/api/admin-booking-detail';
import { firstErrorMessage } from './form-errors';

describe('firstErrorMessage', () => {
  it('gives the shared rule message of the first invalid field, as zodResolver reports it', async () => {
    const schema = z.object({ meeting_point_address: detailPatchBody.shape.meeting_point_address.unwrap() });
    const result = await zodResolver(schema)({ meeting_point_address: '   ' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(firstErrorMessage(result.errors)).toBe(DETAIL_MESSAGES.meetingPoint);
  });

  it('finds a message in a nested field and says nothing when there is none', () => {
    expect(firstErrorMessage({ teams: [{ name: { type: 'too_small', message: 'Team name is required' } }] } as never)).toBe('Team name is required');
    expect(firstErrorMessage({})).toBeNull();
  });
});
