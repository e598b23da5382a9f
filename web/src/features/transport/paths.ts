/** The chain timeline's path, in a module of its own: the routes and the order's view button name it without loading the page. */
export const TIMELINE_PATH = '/consignmentTimeline';
export const timelinePath = (orderId: string, at?: string) => `${TIMELINE_PATH}/${orderId}${at ? `?at=${at}` : ''}`;
