export { ProductsScreen } from './ProductsScreen';
export { ProductDetailScreen } from './ProductDetailScreen';
