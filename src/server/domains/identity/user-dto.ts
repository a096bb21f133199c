import type { AccountUser, User } from '../../../shared/api/auth';
import { users } from './tables/users';

/** The columns a user is answered from (`toUserDto`): every select that answers a user takes these. */
export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  isAdmin: users.isAdmin,
  isHost: users.isHost,
  createdAt: users.createdAt,
};

/** The signed-in staff member's own columns: the user's, and the language they keep (decision 0620). */
export const accountColumns = { ...userColumns, language: users.language };

type UserRow = { [K in keyof typeof userColumns]: (typeof users.$inferSelect)[K] };

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    is_admin: row.isAdmin,
    is_host: row.isHost,
    created_at: row.createdAt.toISOString(),
  };
}

type AccountRow = UserRow & { language: (typeof users.$inferSelect)['language'] };

/** The signed-in staff member's own answer: the user, and the language they keep (decision 0620). */
export function toAccountUserDto(row: AccountRow): AccountUser {
  return { ...toUserDto(row), language: row.language };
}
