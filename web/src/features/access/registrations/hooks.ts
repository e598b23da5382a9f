import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApproveRegistration, RejectRegistration } from '@tpl/contracts';
import { ApiError } from '../../../api/client';
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

/**
 * A decision dialog's submit: runs the decision, says it worked and closes, or keeps the
 * dialog open with the server's message (or what the form found missing).
 */
export const useDecisionDialog = (onClose: () => void) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (decide: () => Promise<unknown>, done: string) => {
    try {
      await decide();
      void message.success(done);
      onClose();
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : t('errors.unknown'));
    }
  };
  return { problem, setProblem, run };
};
