/** Moved to ui/pager (shared by the videos, products and creators lists); kept so existing imports still work. */
export { Pager } from '../../../ui/pager';
