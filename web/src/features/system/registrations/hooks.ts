import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApproveRegistration, RejectRegistration } from '@tpl/contracts';
import { entityKeys } from '../../../api/queryKeys';
import { registrationApi, registrationKeys, type RegistrationFilter } from './api';

export const useRegistrations = (query: RegistrationFilter) =>
  useQuery({
    queryKey: registrationKeys.list(query),
    queryFn: ({ signal }) => registrationApi.list(query, signal),
    placeholderData: keepPreviousData,
  });

/** A decision changes the list; an approval also makes a user and links a third-party login. */
const useDecision = <B,>(call: (body: B) => Promise<unknown>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: registrationKeys.all });
      await client.invalidateQueries({ queryKey: entityKeys.entity('user') });
      await client.invalidateQueries({ queryKey: entityKeys.entity('useroauth') });
    },
  });
};

export const useApproveRegistration = () => useDecision((body: ApproveRegistration) => registrationApi.approve(body));
export const useRejectRegistration = () => useDecision((body: RejectRegistration) => registrationApi.reject(body));
