import type { Collaborator } from '@visualnotes/contracts';
import { iso } from '../common/ids';
import type { MemberRow } from './collaborators.repository';

/** A member by their account id; an open invitation (no account yet) by its own id. */
export const collaboratorView = (r: MemberRow): Collaborator => ({
  id: r.userId ?? r.id,
  user_id: r.userId,
  email: r.email,
  role: r.role,
  pending: r.userId === null,
  created_at: iso(r.createdAt),
});
