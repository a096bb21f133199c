import { z } from 'zod';
import { userSchema } from './auth';
import { EMAIL_PATTERN } from '../validation/booking-rules';
import { CHALLENGE_MESSAGES, hasNoNul } from '../validation/challenge-rules';
import { PASSWORD_MESSAGES, passwordProblem } from '../validation/password-rules';
import { isOneLine, ONE_LINE_MESSAGE } from '../validation/text-rules';

export const USER_MESSAGES = {
  nameAndEmailRequired: 'Name and email are required',
  passwordRequired: PASSWORD_MESSAGES.required,
  passwordTooShort: PASSWORD_MESSAGES.tooShort,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'A user with this email already exists',
  roleRequired: 'Please select at least one role to assign',
  unknownEmail: 'No user found with this email address',
  ownAdminRole: 'You cannot remove your own admin role',
  userNotFound: 'User not found',
} as const;

export { PASSWORD_MIN } from '../validation/password-rules';

const flag = z.boolean().default(false);

/** POST /api/admin/users. The password rule (validation/password-rules.ts) needs the email, so it runs on the whole body. */
export const createUserBody = z
  .object({
    name: z
      .string({ message: USER_MESSAGES.nameAndEmailRequired })
      .trim()
      .min(1, USER_MESSAGES.nameAndEmailRequired)
      .max(200)
      .refine(hasNoNul, { message: CHALLENGE_MESSAGES.noNul, abort: true })
      .refine(isOneLine, ONE_LINE_MESSAGE),
    email: z
      .string({ message: USER_MESSAGES.nameAndEmailRequired })
      .trim()
      .min(1, { message: USER_MESSAGES.nameAndEmailRequired, abort: true })
      .max(320, USER_MESSAGES.emailInvalid)
      .regex(EMAIL_PATTERN, USER_MESSAGES.emailInvalid)
      .refine(hasNoNul, USER_MESSAGES.emailInvalid),
    password: z.string({ message: USER_MESSAGES.passwordRequired }),
    is_admin: flag,
    is_host: flag,
  })
  .superRefine((body, ctx) => {
    const problem = passwordProblem(body.password, body.email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
export type CreateUserBody = z.infer<typeof createUserBody>;

/** POST /api/admin/users/upgrade: adds the chosen roles to an existing user. */
export const upgradeUserBody = z
  .object({
    email: z
      .string({ message: USER_MESSAGES.emailRequired })
      .trim()
      .min(1, USER_MESSAGES.emailRequired)
      .max(320, USER_MESSAGES.emailInvalid)
      .refine(hasNoNul, USER_MESSAGES.emailInvalid),
    is_admin: flag,
    is_host: flag,
  })
  .refine((v) => v.is_admin || v.is_host, { message: USER_MESSAGES.roleRequired, path: ['roles'] });
export type UpgradeUserBody = z.infer<typeof upgradeUserBody>;

/** PATCH /api/admin/users/{id}/roles: both flags, as they should be afterwards. */
export const updateRolesBody = z.object({ is_admin: z.boolean(), is_host: z.boolean() });
export type UpdateRolesBody = z.infer<typeof updateRolesBody>;

export const usersResponse = z.object({ users: z.array(userSchema) });
export const userResponse = z.object({ user: userSchema });

export const hostSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type Host = z.infer<typeof hostSchema>;
export const hostsResponse = z.object({ hosts: z.array(hostSchema) });
