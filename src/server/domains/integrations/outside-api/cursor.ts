import { ValidationError } from '../../../platform/errors';
import { INTEGRATION_MESSAGES } from '../../../../shared/api/integrations';

/** An opaque cursor: the last id of the page, so clients do not build their own (and may not rely on its form). */
export const encodeCursor = (id: number): string => Buffer.from(`b:${id}`).toString('base64url');

export function decodeCursor(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === '') return null;
  const match = /^b:([1-9][0-9]{0,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1]) throw ValidationError.field('cursor', INTEGRATION_MESSAGES.invalidCursor);
  return Number(match[1]);
}
