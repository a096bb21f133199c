import { z } from 'zod';
import { gameAreaBody } from '../../../shared/api/booker-game';

const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The game area as typed (texts), read as numbers, then judged by the shared area rule. */
export const gameAreaForm = z.object({ lat: z.string().transform(num), lng: z.string().transform(num), radius: z.string().transform(num) }).pipe(gameAreaBody);
export type GameAreaText = z.input<typeof gameAreaForm>;
