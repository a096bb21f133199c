import { z } from 'zod';

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_host: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginBody = z.object({
  email: z.string().trim().min(1, 'Email address is required').max(320),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

export const userResponse = z.object({ user: userSchema });
/** 204: no body. */
export const logoutResponse = z.null();

export const INVALID_CREDENTIALS = 'Invalid email or password';
