import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type ApiError } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import type { ActivationResponse, DocumentInfo, placeSchema } from '../../../shared/schemas/activation';
import type { DocumentKind } from '../../../shared/activation/id-types';
import type { AccountState, ActivationStep } from '../../../shared/states/account';

export type Place = z.infer<typeof placeSchema>;

export const activationKeys = {
  activation: ['activation'] as const,
  provinces: ['places', 'provinces'] as const,
  cities: (province: string) => ['places', 'cities', province] as const,
};

/** GET /api/activation: the member's state and what they have saved (the wizard resumes and pre-fills from it). */
export function useActivation() {
  return useQuery<ActivationResponse, ApiError>({
    queryKey: activationKeys.activation,
    queryFn: () => api<ActivationResponse>('/activation'),
    staleTime: 0,
    retry: 1,
  });
}

/** Philippine provinces (PSGC), from the server (the data package stays out of the browser bundle). */
export function useProvinces(enabled: boolean) {
  return useQuery<Place[], ApiError>({
    queryKey: activationKeys.provinces,
    queryFn: () => api<Place[]>('/places/provinces'),
    staleTime: Infinity,
    enabled,
  });
}

/** The cities and municipalities of one province; loads when a province is chosen. */
export function useCities(province: string, enabled: boolean) {
  return useQuery<Place[], ApiError>({
    queryKey: activationKeys.cities(province),
    queryFn: () => api<Place[]>(`/places/provinces/${encodeURIComponent(province)}/cities`),
    staleTime: Infinity,
    enabled: enabled && province !== '',
  });
}

/** PUT /api/activation/<step>: answers the member's new state. */
export async function saveStep(step: ActivationStep, body: unknown): Promise<AccountState> {
  const { state } = await api<{ state: AccountState }>(`/activation/${step}`, { method: 'PUT', body });
  return state;
}

/**
 * After a save: the new state goes into the cached activation data at once, then both the
 * activation data (for pre-filling) and the session (its accountState unlocks the navigation) are
 * fetched again. Awaited, so the next step starts from what the server holds.
 */
export async function afterSave(queryClient: QueryClient, state: AccountState): Promise<void> {
  queryClient.setQueryData<ActivationResponse>(activationKeys.activation, (old) => (old ? { ...old, state } : old));
  await Promise.all([queryClient.invalidateQueries({ queryKey: activationKeys.activation }), queryClient.invalidateQueries({ queryKey: queryKeys.session })]);
}

/** Records an accepted upload in the cached activation data (the identity step checks all three). */
export function useRecordUpload(): (info: DocumentInfo) => void {
  const queryClient = useQueryClient();
  return (info) => {
    queryClient.setQueryData<ActivationResponse>(activationKeys.activation, (old) =>
      old ? { ...old, documents: { ...old.documents, [info.kind satisfies DocumentKind]: info } } : old,
    );
  };
}
