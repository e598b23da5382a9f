import { PUT_AWAY_LIST } from '@tpl/contracts';

/** 待上架: the inbound bills with goods still at their dock. */
export const PUT_AWAY_LIST_PATH = PUT_AWAY_LIST.path;
