import type { User } from '../../../shared/api/auth';

type UserRow = { id: number; name: string; email: string; isAdmin: boolean; isHost: boolean; createdAt: Date };

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
