import type { LivePeer } from '@visualnotes/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { useAuth } from '../../auth/useAuth';
import { useCollaboratorsQuery } from '../collaborators-api';

/**
 * Who made each version, as far as the editor knows them: you, the people here now, and (for the
 * owner, read while the history is open) the collaborators' addresses; by user id.
 */
export function useVersionAuthors(projectId: string, { historyOpen, owner, peers }: { historyOpen: boolean; owner: boolean; peers: LivePeer[] }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { data: collaborators } = useCollaboratorsQuery(projectId, { skip: !historyOpen || !owner });
  return useMemo(() => {
    const known: Record<string, string> = {};
    for (const c of collaborators ?? []) if (c.user_id) known[c.user_id] = c.email;
    for (const p of peers) known[p.user_id] = p.name;
    if (user) known[user.id] = t('you');
    return known;
  }, [collaborators, peers, user, t]);
}
