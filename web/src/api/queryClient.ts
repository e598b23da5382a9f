import { QueryClient } from '@tanstack/react-query';
import { subscribeSession, getSession } from '../auth/session';

export const queryClient = new QueryClient({
  defaultOptions: {
    // errors are already shown by the API client; retrying would repeat the toast
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// nothing read under one session is shown to the next one
subscribeSession(() => {
  if (!getSession()) queryClient.clear();
});
