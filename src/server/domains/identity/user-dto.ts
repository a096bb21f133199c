import type { User } from '../../../shared/api/auth';
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
