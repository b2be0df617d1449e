export { ProductsScreen } from './ProductsScreen';
export { ProductDetailScreen } from './ProductDetailScreen';
export { AddProductButton } from './AddProductButton';
