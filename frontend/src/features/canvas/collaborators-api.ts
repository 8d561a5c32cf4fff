import type { Collaborator, CollaboratorRole } from '@visualnotes/contracts';
import { canvasApi } from './api';

/**
 * The people a project is shared with: only the Share dialog and the account's project list use
 * them, so they load with those and not with every page that lists templates or projects.
 */
export const collaboratorsApi = canvasApi.enhanceEndpoints({ addTagTypes: ['Collaborators'] }).injectEndpoints({
  endpoints: (b) => ({
    /** People the project is shared with (owner only); the owner invites, changes roles, removes. */
    collaborators: b.query<Collaborator[], string>({ query: (id) => `/projects/${id}/collaborators`, providesTags: ['Collaborators'] }),
    addCollaborator: b.mutation<Collaborator, { id: string; email: string; role: CollaboratorRole }>({
      query: ({ id, ...body }) => ({ url: `/projects/${id}/collaborators`, method: 'POST', body }),
      invalidatesTags: ['Collaborators'],
    }),
    updateCollaborator: b.mutation<Collaborator, { id: string; memberId: string; role: CollaboratorRole }>({
      query: ({ id, memberId, role }) => ({ url: `/projects/${id}/collaborators/${memberId}`, method: 'PATCH', body: { role } }),
      invalidatesTags: ['Collaborators'],
    }),
    /** The owner removes someone, or a collaborator leaves (their own user id). */
    removeCollaborator: b.mutation<void, { id: string; memberId: string }>({
      query: ({ id, memberId }) => ({ url: `/projects/${id}/collaborators/${memberId}`, method: 'DELETE' }),
      invalidatesTags: ['Collaborators', 'Projects'],
    }),
  }),
});

export const { useCollaboratorsQuery, useAddCollaboratorMutation, useUpdateCollaboratorMutation, useRemoveCollaboratorMutation } = collaboratorsApi;
