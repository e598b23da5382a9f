import { documentByName, type KitDocument } from '@tpl/contracts';
import { NoteConfirmationPage, type Confirmation } from './NoteConfirmationPage';

const loadingbill = documentByName('loadingbill')!;
const arrivalbill = documentByName('arrivalbill')!;
const deliverybill = documentByName('deliverybill')!;

/**
 * /loadingBill/loadingBillEdit/:id, the arrival confirmation: a loaded vehicle's notes arrived
 * (the loading bill's `arrive`); the arrival bill it writes is what the depot reviews next, so
 * the dispatcher goes on to its review confirmation.
 */
export const arrival: Confirmation = {
  def: loadingbill,
  action: 'arrive',
  from: 'Loaded',
  titleKey: 'confirm.arrival',
  next: (after: KitDocument) =>
    after.arrivalBillId ? arrivalbill.routes.edit.replace(':id', String(after.arrivalBillId)) : loadingbill.routes.view.replace(':id', after.id),
};

/**
 * /arrivalBill/arrivalBillEdit/:id, the review confirmation: result and remark (the arrival
 * bill's `review`); it opens one delivery bill per note for signing, so the dispatcher goes on to
 * those delivery bills (the list of this arrival's).
 */
export const review: Confirmation = {
  def: arrivalbill,
  action: 'review',
  from: 'AwaitingReview',
  titleKey: 'confirm.review',
  next: (after: KitDocument) => `${deliverybill.routes.list}?${new URLSearchParams({ arrivalBillNo: after.billNo })}`,
};

export const ArrivalPage = () => <NoteConfirmationPage confirmation={arrival} />;
export const ReviewPage = () => <NoteConfirmationPage confirmation={review} />;
