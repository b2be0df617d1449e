import { PAGE_SIZES } from '../../shared/constants';
import type { DATE_RANGES } from '../../shared/constants';

export type DateRange = (typeof DATE_RANGES)[number];

/** What the state of every list screen holds (spec §3): tab, search, sort and direction, page and page size. */
export interface ListState<Tab extends string, Sort extends string> {
  tab: Tab;
  search: string;
  sort: Sort;
  desc: boolean;
  page: number;
  perPage: number;
}

/** The date window of lists that filter by date (custom dates as yyyy-mm-dd, '' when unset). */
export interface DatedListState {
  date: DateRange;
  startDate: string;
  endDate: string;
}

/** A list as it opens: no search, descending, first page at the smallest page size. */
export function initialList<Tab extends string, Sort extends string>(tab: Tab, sort: Sort): ListState<Tab, Sort> {
  return { tab, search: '', sort, desc: true, page: 1, perPage: PAGE_SIZES[0] };
}

/** All dates, no custom window. */
export function allDates(): DatedListState {
  return { date: 'all_dates', startDate: '', endDate: '' };
}
