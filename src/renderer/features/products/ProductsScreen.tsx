import { PlaceholderScreen } from '../../ui/page';
import { PRODUCT_TABS } from '../../../shared/constants';

/** Products: placeholder until its feature lands; the header, purpose and empty state are final. */
export function ProductsScreen() {
  return (
    <PlaceholderScreen
      title="Products"
      description="Your products and your competitors’ products, ranked by sentiment and video reviews."
      icon="product"
      sections={PRODUCT_TABS}
      emptyTitle="No products yet"
      emptyText="Add a product to see which videos and creators talk about it."
    />
  );
}
