import type { ApproveRegistration, Page, RegistrationListQuery, RegistrationRow, RejectRegistration } from '@tpl/contracts';
import { request } from '../../../api/client';

const BASE = '/api/bl-system/registration';

export type RegistrationFilter = Partial<Pick<RegistrationListQuery, 'status' | 'account'>> & Pick<RegistrationListQuery, 'current' | 'size'>;

/** Guest registrations (spec 01 register-guest), as the tenant administrator decides them. */
export const registrationApi = {
  list: (query: RegistrationFilter, signal?: AbortSignal) => request<Page<RegistrationRow>>('GET', `${BASE}/list`, { query, signal }),
  approve: (body: ApproveRegistration) => request<{ id: string; version: number; userId: string }>('POST', `${BASE}/approve`, { body }),
  reject: (body: RejectRegistration) => request<{ id: string; version: number }>('POST', `${BASE}/reject`, { body }),
};

export const registrationKeys = {
  all: ['registration'] as const,
  list: (query: RegistrationFilter) => [...registrationKeys.all, 'list', query] as const,
};
