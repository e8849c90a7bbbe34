import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, type ApiError } from '../../lib/api';
import { activationApi } from '../../../shared/api/activation';
import { placesApi } from '../../../shared/api/places';
import type { RouteBodyInput } from '../../../shared/api/define';
import { queryKeys } from '../../lib/queries';
import type { ActivationResponse, DocumentInfo, placeSchema } from '../../../shared/schemas/activation';
import type { DocumentKind } from '../../../shared/activation/id-types';
import type { AccountState, ActivationStep } from '../../../shared/states/account';

export type Place = z.infer<typeof placeSchema>;

const activationKeys = {
  activation: ['activation'] as const,
  provinces: ['places', 'provinces'] as const,
  cities: (province: string) => ['places', 'cities', province] as const,
};

/** GET /api/activation: the member's state and what they have saved (the wizard resumes and pre-fills from it). */
export function useActivation() {
  return useQuery<ActivationResponse, ApiError>({
    queryKey: activationKeys.activation,
    queryFn: () => call(activationApi.get),
    staleTime: 0,
    retry: 1,
  });
}

/** Philippine provinces (PSGC), from the server (the data package stays out of the browser bundle). */
export function useProvinces(enabled: boolean) {
  return useQuery<Place[], ApiError>({
    queryKey: activationKeys.provinces,
    queryFn: () => call(placesApi.provinces),
    staleTime: Infinity,
    enabled,
  });
}

/** The cities and municipalities of one province; loads when a province is chosen. */
export function useCities(province: string, enabled: boolean) {
  return useQuery<Place[], ApiError>({
    queryKey: activationKeys.cities(province),
    queryFn: () => call(placesApi.cities, { params: { code: province } }),
    staleTime: Infinity,
    enabled: enabled && province !== '',
  });
}

/** What each step sends (its route's body). */
export type StepBody<S extends ActivationStep> = RouteBodyInput<(typeof activationApi)[S]>;

/**
 * PUT /api/activation/<step>: answers the member's new state. The body is the step form's parsed
 * values (useStepSave is generic over the five forms, hence `unknown` here); the server checks it
 * against the step's schema and the answer is checked against the route's response schema.
 */
export async function saveStep(step: ActivationStep, body: unknown): Promise<AccountState> {
  const { state } = await call(activationApi[step] as (typeof activationApi)['personal'], { body: body as StepBody<'personal'> });
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
