/**
 * What an erased person's fields become (decision 0570): one placeholder for names and one address per erasure, so
 * an erased booking still reads as a booking and no trace of the person is left in it.
 */
export const ERASED_NAME = 'Erased';
export const erasedEmail = (erasureId: number) => `erased-${erasureId}@erased.invalid`;

/** The email as every search and erasure compares it. */
export const normalEmail = (email: string) => email.trim().toLowerCase();
