import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSIGNMENT, fieldKey, type ConsignmentAction, type ConsignmentState, type DeliveryMode } from '@tpl/contracts';
import type { ConsignmentMachineEventType } from '@tpl/workflows';

/** Field labels of the consignment order, by the contracts' key scheme (consignment.fields.<path>). */
export const useConsignmentLabels = () => {
  const { t } = useTranslation();
  const field = useCallback((...path: string[]) => t(fieldKey(CONSIGNMENT, path)), [t]);
  const state = useCallback((value: ConsignmentState) => t(`enum.consignmentState.${value}`), [t]);
  const deliveryMode = useCallback((value: DeliveryMode) => t(`enum.deliveryMode.${value}`), [t]);
  /** A machine event (AUDIT) or an action (audit) as the button says it. */
  const action = useCallback(
    // SUBMIT_REVIEW and submitReview both name consignment.actions.submitReview
    (event: ConsignmentMachineEventType | ConsignmentAction) => t(`consignment.actions.${event.toLowerCase().replace(/_(\w)/g, (_m, c: string) => c.toUpperCase())}`),
    [t],
  );
  return { t, field, state, deliveryMode, action };
};
