import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OWNER_CONTENT_ROUTES, type OwnerProfile } from '@curb/contracts/owner-content';
import { apiRequest, getQueryFn } from '@/lib/api-client';

/** The profile as the admin edits it; `isSample` until the owner has saved one. */
export interface ProfileAnswer {
  profile: OwnerProfile;
  isSample: boolean;
}

const profileKey = [OWNER_CONTENT_ROUTES.profile];

export const useProfile = () => useQuery({ queryKey: profileKey, queryFn: getQueryFn<ProfileAnswer>({ on401: 'throw' }) });

/** Puts the server's answer (after a save or a restore) where every admin page reads it. */
export function useSetProfile() {
  const queryClient = useQueryClient();
  return (answer: ProfileAnswer) => queryClient.setQueryData(profileKey, answer);
}

/** Saves the whole profile at once: the server refuses it whole, naming the field, or keeps it whole. */
export function useSaveProfile() {
  const setProfile = useSetProfile();
  return useMutation({
    mutationFn: async (profile: OwnerProfile) =>
      (await (await apiRequest('PUT', OWNER_CONTENT_ROUTES.profile, profile)).json()) as ProfileAnswer,
    onSuccess: setProfile,
  });
}
