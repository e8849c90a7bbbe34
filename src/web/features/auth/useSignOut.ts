import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { toast } from '../../ui/toast';

/**
 * Sign out (top bar, side bar, bottom bar): the server revokes the session and clears the cookie,
 * the user goes to /, and after 1 second all cached server data is reset (specification section 4).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await call(() => import('../../../shared/api/identity').then((m) => m.identityApi.logout));
    } catch (error) {
      toast.error((error as Error).message);
      return;
    }
    // Leave the protected page first: were the session cleared while a protected page is still
    // shown, its route guard would race this navigation and send the person to /login instead of /
    // (RequireAuth also stands aside while the router is already on its way elsewhere).
    await navigate('/');
    queryClient.setQueryData(queryKeys.session, null);
    setTimeout(() => queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.publicConfig[0] }), 1000);
  }, [queryClient, navigate]);
}
