import './page.css';
export { PageHeader } from './PageHeader';
export { EmptyState } from './EmptyState';
export { PlaceholderScreen } from './PlaceholderScreen';
export { ListCount } from './ListCount';
